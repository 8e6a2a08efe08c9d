import { theme } from 'antd';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';

/**
 * The login card is 800 × 500 px (spec §2), centred on the page. Plain elements styled from the theme
 * keep the first page a person loads light.
 */
export function LoginLayout() {
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f6f6fb', padding: 16 }}>
      <section
        data-testid="login-card"
        aria-label="Sign in to Cairn"
        style={{
          boxSizing: 'border-box',
          width: 800,
          maxWidth: '100%',
          minHeight: 500,
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Logo size="Large" />
        <Outlet />
      </section>
    </main>
  );
}
