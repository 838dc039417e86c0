import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './root-frame.css';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { emitRouteChange } from '../app/navigation';

NProgress.configure({ showSpinner: false, trickleSpeed: 120 });

/** Around every route: the progress bar while the guard and lazy pages load; scroll to top after. */
export function RootFrame() {
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  useEffect(() => {
    window.scrollTo(0, 0);
    emitRouteChange(location.pathname);
  }, [location.pathname]);

  return <Outlet />;
}

/** Shown while the first route's guard and page load (plain CSS: nothing to download first). */
export function BootSpinner() {
  return <div className="boot-spinner" role="progressbar" aria-busy="true" />;
}
