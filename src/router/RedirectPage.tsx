import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isSafeRedirect } from '../../machines/redirect';

/** /redirect/:path — re-enters a page (never a tab, never in a menu). */
export default function RedirectPage() {
  const { '*': rest } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    const target = `/${decodeURIComponent(rest ?? '')}`;
    navigate(isSafeRedirect(target) ? target : '/', { replace: true });
  }, [rest, navigate]);
  return null;
}
