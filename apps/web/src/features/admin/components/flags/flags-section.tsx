import type { FlagName } from '@cairn/contracts';
import { Alert, Flex, Typography } from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { isApiError } from '../../../../lib/api-error';
import { useFeatureFlagList } from '../../api/list-feature-flags';
import { EvaluateForUser } from './evaluate-for-user';
import { FlagEditor } from './flag-editor';
import { FlagList } from './flag-list';

/**
 * The admin tool's Feature flags section (issue 17 item 5): every flag with Cairn's default and the
 * organisation's value, edited in a drawer, and "Evaluate for user". A saved change reaches every open
 * browser of the organisation through the server's flag stream.
 */
export default function FlagsSection() {
  const flags = useFeatureFlagList();
  const [editing, setEditing] = useState<FlagName>();
  const [outcome, setOutcome] = useState<string>();

  if (flags.isPending) return <LoadingState label="Loading the feature flags" rows={6} />;
  if (flags.isError) {
    const isForbidden = isApiError(flags.error) && flags.error.code === 'FORBIDDEN';
    return (
      <ErrorState
        title={
          isForbidden
            ? 'Only an administrator can see and change feature flags.'
            : 'The feature flags could not be loaded.'
        }
        onRetry={isForbidden ? undefined : () => void flags.refetch()}
      />
    );
  }
  const { flags: stored, defaults } = flags.data;
  return (
    <Flex vertical gap="large">
      <div role="status">
        {outcome && (
          <Alert type="success" showIcon title={outcome} closable={{ onClose: () => setOutcome(undefined) }} />
        )}
      </div>
      <FlagList
        stored={stored}
        defaults={defaults}
        onEdit={(flag) => {
          setOutcome(undefined);
          setEditing(flag);
        }}
      />
      <section aria-labelledby="evaluate-for-user-title">
        <Typography.Title level={3} id="evaluate-for-user-title">
          Evaluate for user
        </Typography.Title>
        <EvaluateForUser />
      </section>
      {editing && (
        <FlagEditor
          key={editing}
          flag={editing}
          stored={stored.find((flag) => flag.key === editing)}
          cairnDefault={defaults[editing]}
          onClose={() => setEditing(undefined)}
          onDone={(text) => {
            setEditing(undefined);
            setOutcome(text);
          }}
        />
      )}
    </Flex>
  );
}
