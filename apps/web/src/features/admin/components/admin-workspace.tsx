import { Flex, theme, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { WidgetBoundary } from '../../../components/widget-boundary';
import { paths } from '../../../config/paths';
import { ADMIN_SECTIONS, findAdminSection } from '../sections';

/**
 * The admin tool (spec §2 /admin, issue 17): a navigation of its sections beside the open one. Each
 * section is a page of its own (/admin/users, ...), so it can be bookmarked and opened in a new window;
 * /admin and an unknown section open the first.
 */
export function AdminWorkspace({ sectionPath }: { sectionPath: string | undefined }) {
  const { token } = theme.useToken();
  const section = findAdminSection(sectionPath);
  const [first] = ADMIN_SECTIONS;
  if (!section) return first ? <Navigate to={paths.adminSection.href({ section: first.path })} replace /> : null;
  return (
    <Flex gap={token.marginLG} align="flex-start" wrap>
      <nav aria-label="Admin sections" style={{ flex: '0 0 200px' }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ADMIN_SECTIONS.map((item) => {
            const isCurrent = item.path === section.path;
            return (
              <li key={item.path}>
                <Link
                  to={paths.adminSection.href({ section: item.path })}
                  aria-current={isCurrent ? 'page' : undefined}
                  style={{
                    display: 'block',
                    padding: `${String(token.paddingXS)}px ${String(token.paddingSM)}px`,
                    borderRadius: token.borderRadius,
                    color: isCurrent ? token.colorPrimary : token.colorText,
                    background: isCurrent ? token.colorPrimaryBg : undefined,
                    fontWeight: isCurrent ? token.fontWeightStrong : undefined,
                  }}
                >
                  {item.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="admin-section-title" style={{ flex: '1 1 640px', minWidth: 0 }}>
        <Typography.Title level={2} id="admin-section-title" style={{ marginTop: 0 }}>
          {section.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{section.description}</Typography.Paragraph>
        <WidgetBoundary key={section.path} name={section.title}>
          <Suspense fallback={<LoadingState label={`Loading ${section.title}`} />}>
            <section.Screen />
          </Suspense>
        </WidgetBoundary>
      </section>
    </Flex>
  );
}
