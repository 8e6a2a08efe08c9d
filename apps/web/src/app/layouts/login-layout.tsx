import { theme } from 'antd';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { LAYOUT_BACKGROUND } from '../../config/theme';

/**
 * The login card is 800 × 500 px (spec §2), centred on the page. Plain elements styled from the theme
 * keep the first page a person loads light; they take the theme's font (spec §9: Inter 14 px) from
 * here, as the app's pages take it from antd's App.
 */
export function LoginLayout() {
  const { token } = theme.useToken();
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: LAYOUT_BACKGROUND,
        padding: 16,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
      }}
    >
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
