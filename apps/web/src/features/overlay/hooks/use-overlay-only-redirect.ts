import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFlag } from '../../../lib/feature-flags';
import { overlayPathFor } from '../utils/overlay-paths';

/**
 * Spec §4: with the overlay-only configuration on, a full-screen summary view is replaced by its
 * overlay variant (same path prefixed with /overlay, same query). For the full-screen layout.
 */
export function useOverlayOnlyRedirect(): void {
  const isOverlayOnly = useFlag('configuration_OverlayOnlyView');
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const target = isOverlayOnly ? overlayPathFor(pathname) : undefined;
  useEffect(() => {
    if (target) void navigate(`${target}${search}${hash}`, { replace: true });
  }, [target, search, hash, navigate]);
}
