import { Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WidgetBoundary } from '../../../components/widget-boundary';
import { paths } from '../../../config/paths';

export type QualityPageName = 'worklist' | 'patients' | 'archive' | 'rates' | 'fit';

const PAGES: { name: QualityPageName; label: string; href: string }[] = [
  { name: 'worklist', label: 'Worklist', href: paths.qualityWorkspace.href() },
  { name: 'patients', label: 'Patients', href: paths.qualityPatients.href() },
  { name: 'archive', label: 'Archive', href: paths.qualityArchive.href() },
  { name: 'rates', label: 'Performance rates', href: paths.qualitySatisfactionRate.href() },
  { name: 'fit', label: 'FIT outreach', href: paths.qualityFit.href() },
];

export interface QualityPageProps {
  current: QualityPageName;
  title: string;
  description: string;
  children: ReactNode;
}

/** A page of the Quality Workspace: the navigation between its pages, its title and its content. */
export function QualityPage({ current, title, description, children }: QualityPageProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM}>
      <nav aria-label="Quality Workspace pages">
        <Flex component="ul" gap={token.marginXS} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {PAGES.map((page) => {
            const isCurrent = page.name === current;
            return (
              <li key={page.name}>
                <Link
                  to={page.href}
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
                  {page.label}
                </Link>
              </li>
            );
          })}
        </Flex>
      </nav>
      <section aria-labelledby="quality-page-title">
        <Typography.Title level={2} id="quality-page-title" style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
        <WidgetBoundary name={title}>{children}</WidgetBoundary>
      </section>
    </Flex>
  );
}
