/**
 * The portrait's own chunks: the page, the index that picks the first tab and the tab route. Loaded
 * ahead (from the schedule) so that opening a visit waits for none of them. A file of its own: the
 * portrait page imports its tabs' preloading, and must not import itself.
 */
export function loadPortraitScreens(): Promise<unknown> {
  return Promise.all([
    import('./portrait.page'),
    import('./portrait-tab.page'),
    import('../../../features/portrait/components/first-allowed-tab-redirect'),
  ]);
}
