import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { applyTheme } from '../layout/theme';
import type { createAppRouter } from '../router';
import { useSettings } from '../settings/store';

/**
 * The theme around the router. Arco's ConfigProvider (its own strings per language) wraps
 * the signed-in frame and the registration pages, not the login page, whose budget is tight.
 */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const settings = useSettings();
  useEffect(() => void applyTheme(settings), [settings]);
  return <RouterProvider router={router} />;
}
