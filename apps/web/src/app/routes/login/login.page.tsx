/** The login steps live inside the login card of the login layout. */
export default function LoginPage() {
  return null;
}
