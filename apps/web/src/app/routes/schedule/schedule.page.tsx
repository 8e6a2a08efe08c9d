/** Issue 5: filled in by its owner. */
export default function Page() {
  return null;
}
