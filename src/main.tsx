// Before any zod schema is built: no eval under the CSP.
import './app/zod-without-eval';
// Arco's React 19 adapter must load before any Message/Modal/Notification (STACK.md trap 1).
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/es/style/index.css';
import { createRoot } from 'react-dom/client';
import { prepareHttp } from './api/request';
import { App } from './app/App';
import { loadBusinessTimeZone } from './app/business-time-zone';
import { navigateTo, setNavigator } from './app/navigation';
import { initI18n } from './i18n';
import { createAppRouter } from './router';

prepareHttp(async () => {
  const { installInterceptors } = await import('./api/interceptors');
  installInterceptors({
    navigateToLogin: () => navigateTo('/login', { replace: true }),
    reloadPage: () => window.location.reload(),
    onSessionEvent: (event) => void import('./session/actors').then(({ authActor }) => authActor.send(event)),
  });
});

const router = createAppRouter();
setNavigator((to, opts) => void (typeof to === 'number' ? router.navigate(to) : router.navigate(to, opts)));

void Promise.all([initI18n(), loadBusinessTimeZone()]).then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(<App router={router} />);
});
