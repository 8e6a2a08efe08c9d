import type { MouseEvent } from 'react';
import { hasPermission, useSession } from '../../../lib/session';
import '../view-only.css';

export const VIEW_ONLY_CLASS = 'cairn-view-only';

/** The actions view-only disables; `view-only.css` greys out the same elements. */
const VIEW_ONLY_ACTIONS = [
  '.ant-btn-primary',
  '.ant-btn-dangerous',
  "button[type='submit']",
  '[data-action]',
  '.ant-checkbox-wrapper',
  '.ant-switch',
  '.ant-upload',
].join(',');

/**
 * The class the layouts put on their root for a view-only user (spec §4, §6), or `undefined`. Admins
 * hold every permission, but view-only is a restriction: it applies only when granted explicitly.
 */
export function useViewOnlyClass(): string | undefined {
  const session = useSession();
  return hasPermission(session, 'view_only', true) ? VIEW_ONLY_CLASS : undefined;
}

/**
 * For the root's `onClickCapture`: the stylesheet stops the mouse, this stops the keyboard too
 * (Enter and Space on a focused button arrive as clicks).
 */
export function stopViewOnlyAction(event: MouseEvent<HTMLElement>): void {
  if (!event.currentTarget.classList.contains(VIEW_ONLY_CLASS)) return;
  const target = event.target instanceof Element ? event.target : undefined;
  if (!target?.closest(VIEW_ONLY_ACTIONS)) return;
  event.preventDefault();
  event.stopPropagation();
}
