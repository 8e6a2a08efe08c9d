/**
 * A screen whose content belongs to a later capability: the layout around it (header and title) is
 * all there is to show until then.
 */
export default function ShellPage() {
  return null;
}
