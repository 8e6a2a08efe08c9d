import { Result } from 'antd';
import type { ReactNode } from 'react';

/** Spec §2: '{name} not found. This {name} does not exist. Please try again later.' */
export function NotFoundMessage({ name, extra }: { name: string; extra?: ReactNode }) {
  return (
    <Result
      status="404"
      title={`${name} not found`}
      subTitle={`This ${name} does not exist. Please try again later.`}
      extra={extra}
    />
  );
}
