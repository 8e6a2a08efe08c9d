import { FLAG_DEFAULTS, FLAG_NAMES, type StoredFlag } from '@cairn/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, failure, result, type ApiAnswers } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import FlagsSection from './flags-section';

function storedFlag(flag: Partial<StoredFlag> & Pick<StoredFlag, 'key' | 'defaultValue'>): StoredFlag {
  return { rules: [], description: '', updatedAt: '2026-11-20T10:00:00.000Z', updatedBy: null, ...flag };
}

const CODERS_RULE = {
  description: 'Coders',
  clauses: [{ attribute: 'view', operator: 'in' as const, values: ['Coder'] }],
  value: true,
};

/** The list answers `stored` until a set or delete changes it, as the server would. */
function answerFlags(stored: StoredFlag[], extra: ApiAnswers = {}) {
  let flags = stored;
  return answerApi({
    '/flags/list': () => result({ flags, defaults: FLAG_DEFAULTS }),
    '/flags/set': (body) => {
      const saved = storedFlag(body as unknown as StoredFlag);
      flags = [...flags.filter((flag) => flag.key !== saved.key), saved];
      return result(saved);
    },
    '/flags/delete': (body) => {
      flags = flags.filter((flag) => flag.key !== body.key);
      return result({ deleted: true });
    },
    ...extra,
  });
}

function rowOf(flag: string): HTMLElement {
  const table = screen.getByRole('table', { name: 'Feature flags' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.querySelector('code')?.textContent === flag);
  if (!row) throw new Error(`no row for ${flag}`);
  return row;
}

async function openEditor(flag: string): Promise<HTMLElement> {
  await fastUser().click(await screen.findByRole('button', { name: `Edit ${flag}` }));
  return screen.findByRole('dialog', { name: `Edit ${flag}` });
}

// antd's form controls are slow to drive in jsdom: an editing test takes seconds on a busy machine.
describe('the Feature flags section', { timeout: 60_000 }, () => {
  it("lists every flag of the spec with Cairn's default and the organisation's value", async () => {
    answerFlags([
      storedFlag({ key: 'ShowFeedbackButton', defaultValue: true, rules: [CODERS_RULE] }),
      storedFlag({ key: 'configuration_FrontendTabs', defaultValue: ['DxSummary', 'Quality'] }),
    ]);
    renderWithProviders(<FlagsSection />);
    expect(screen.getByRole('status', { name: 'Loading the feature flags' })).toBeInTheDocument();

    const table = await screen.findByRole('table');
    for (const flag of FLAG_NAMES) expect(within(table).getByText(flag)).toBeInTheDocument();
    const feedback = within(rowOf('ShowFeedbackButton'));
    expect(feedback.getByText('Off')).toBeInTheDocument();
    expect(feedback.getByText('On')).toBeInTheDocument();
    expect(feedback.getByText('1 targeting rule')).toBeInTheDocument();
    expect(within(rowOf('configuration_FrontendTabs')).getByText('Diagnosis Summary, Quality Insights')).toBeVisible();
    expect(within(rowOf('flag_AdminTool')).getByText("Cairn's default")).toBeInTheDocument();
  });

  it('turns a portrait tab off with its switch and saves it for the organisation', async () => {
    const { callsTo } = answerFlags([]);
    renderWithProviders(<FlagsSection />);
    const drawer = await openEditor('clinicalDocuments');
    const user = fastUser();
    await user.click(within(drawer).getByRole('switch', { name: 'Default value' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/clinicalDocuments is saved/)).toBeInTheDocument();
    expect(callsTo('/flags/set')[0]?.body).toEqual({
      key: 'clinicalDocuments',
      defaultValue: false,
      description: '',
      rules: [],
    });
    expect(await within(rowOf('clinicalDocuments')).findByText('Off')).toBeInTheDocument();
  });

  it('edits the tab list with a checkbox per tab, keeping the order of the tabs kept', async () => {
    const { callsTo } = answerFlags([
      storedFlag({ key: 'configuration_FrontendTabs', defaultValue: ['Quality', 'DocumentsList', 'DxSummary'] }),
    ]);
    renderWithProviders(<FlagsSection />);
    const drawer = await openEditor('configuration_FrontendTabs');
    const user = fastUser();
    await user.click(within(drawer).getByRole('checkbox', { name: 'Documents' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Ambient' }));
    expect(within(drawer).getByText('Shown in this order: Quality Insights, Diagnosis Summary, Ambient')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/configuration_FrontendTabs is saved/);
    expect(callsTo('/flags/set')[0]?.body).toMatchObject({ defaultValue: ['Quality', 'DxSummary', 'Ambient'] });
  });

  it('adds a targeting rule, moves it above the first, and saves the rules in that order', async () => {
    const { callsTo } = answerFlags([
      storedFlag({ key: 'ShowFeedbackButton', defaultValue: false, rules: [CODERS_RULE] }),
    ]);
    renderWithProviders(<FlagsSection />);
    const drawer = await openEditor('ShowFeedbackButton');
    const user = fastUser();
    await user.click(within(drawer).getByRole('button', { name: /Add rule/ }));
    const rule = within(drawer).getByRole('group', { name: 'Rule 2' });
    await user.type(within(rule).getByLabelText('Description'), 'Providers');
    await user.type(within(rule).getByRole('combobox', { name: 'Values of condition 1 of rule 2' }), 'Provider{enter}');
    await user.click(within(rule).getByRole('switch', { name: 'Value for users who match' }));
    await user.click(within(drawer).getByRole('button', { name: 'Move rule 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/ShowFeedbackButton is saved/);
    expect(callsTo('/flags/set')[0]?.body).toEqual({
      key: 'ShowFeedbackButton',
      defaultValue: false,
      description: '',
      rules: [
        {
          description: 'Providers',
          clauses: [{ attribute: 'view', operator: 'in', values: ['Provider'] }],
          value: true,
        },
        CODERS_RULE,
      ],
    });
  });

  it('removes a rule', async () => {
    const { callsTo } = answerFlags([
      storedFlag({ key: 'ShowFeedbackButton', defaultValue: false, rules: [CODERS_RULE] }),
    ]);
    renderWithProviders(<FlagsSection />);
    const drawer = await openEditor('ShowFeedbackButton');
    const user = fastUser();
    await user.click(within(drawer).getByRole('button', { name: 'Remove rule 1' }));
    expect(within(drawer).getByText('No targeting rules: every user gets the default value.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/ShowFeedbackButton is saved/);
    expect(callsTo('/flags/set')[0]?.body).toMatchObject({ rules: [] });
  });

  it("shows the server's validation error at the field it names", async () => {
    answerFlags([storedFlag({ key: 'ShowFeedbackButton', defaultValue: false, rules: [CODERS_RULE] })], {
      '/flags/set': {
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid rules.0.clauses.0.values.0',
            details: { issues: [{ field: 'rules.0.clauses.0.values.0', message: 'Too long: at most 500 characters' }] },
          },
        },
      },
    });
    renderWithProviders(<FlagsSection />);
    const drawer = await openEditor('ShowFeedbackButton');
    await fastUser().click(screen.getByRole('button', { name: 'Save' }));

    const condition = within(drawer).getByRole('group', { name: 'Condition 1 of rule 1' });
    expect(await within(condition).findByText('Too long: at most 500 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit ShowFeedbackButton' })).toBeInTheDocument();
  });

  it('refuses JSON that does not parse before sending it', async () => {
    const { callsTo } = answerFlags([]);
    renderWithProviders(<FlagsSection />);
    const drawer = await openEditor('cairn_user_features');
    const user = fastUser();
    const field = within(drawer).getByLabelText('Default value');
    await user.clear(field);
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Not valid JSON')).toBeInTheDocument();
    expect(callsTo('/flags/set')).toEqual([]);
  });

  it("resets a flag to Cairn's default once confirmed", async () => {
    const { callsTo } = answerFlags([storedFlag({ key: 'clinicalDocuments', defaultValue: false })]);
    renderWithProviders(<FlagsSection />);
    await openEditor('clinicalDocuments');
    const user = fastUser();
    await user.click(screen.getByRole('button', { name: "Reset to Cairn's default" }));
    await user.click(await screen.findByRole('button', { name: 'Reset' }));

    expect(await screen.findByText("clinicalDocuments is back to Cairn's default.")).toBeInTheDocument();
    expect(callsTo('/flags/delete')[0]?.body).toEqual({ key: 'clinicalDocuments' });
    expect(await within(rowOf('clinicalDocuments')).findByText("Cairn's default")).toBeInTheDocument();
  });

  it('shows what a chosen user gets for each flag, and the rule that matched', async () => {
    const userId = '6f1c2a8e-0c1b-4a53-9d3e-2f0d7c1b9a11';
    const { callsTo } = answerFlags([], {
      '/admin/users/list': result({
        users: [{ id: userId, username: 'ada', firstName: 'Ada', lastName: 'Coder', email: 'ada@riverside.test' }],
        total: 1,
      }),
      '/flags/evaluate': result({
        userId,
        attributes: { key: userId, email: 'ada@riverside.test', view: 'Coder', permissions: ['quality_tool'] },
        flags: FLAG_NAMES.map((key) =>
          key === 'ShowFeedbackButton'
            ? { key, value: true, reason: 'TARGETING_MATCH', rule: { index: 0, description: 'Coders' } }
            : { key, value: FLAG_DEFAULTS[key], reason: key === 'ambient' ? 'DEFAULT' : 'CAIRN_DEFAULT', rule: null },
        ),
      }),
    });
    renderWithProviders(<FlagsSection />);
    expect(await screen.findByText('Choose a user to see the value of each flag for them.')).toBeInTheDocument();
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByText('Ada Coder (ada)'));

    const table = await screen.findByRole('table', { name: 'Flags for this user' });
    const row = within(table).getByText('ShowFeedbackButton').closest('tr');
    expect(row).toHaveTextContent('On');
    expect(row).toHaveTextContent('Rule 1: Coders');
    expect(within(table).getByText('ambient').closest('tr')).toHaveTextContent("The organisation's default");
    expect(within(table).getByText('flag_AdminTool').closest('tr')).toHaveTextContent("Cairn's default");
    expect(screen.getByText('quality_tool')).toBeInTheDocument();
    expect(callsTo('/flags/evaluate')[0]?.body).toEqual({ userId });
  });

  it('shows an error with a retry when the flags cannot be loaded', async () => {
    let attempts = 0;
    answerApi({
      '/flags/list': () => {
        attempts += 1;
        return attempts === 1 ? failure(500) : result({ flags: [], defaults: FLAG_DEFAULTS });
      },
    });
    renderWithProviders(<FlagsSection />);
    expect(await screen.findByText('The feature flags could not be loaded.')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('tells a user with the admin_tool permission who is not an administrator that flags are for administrators', async () => {
    answerApi({ '/flags/list': failure(403, 'FORBIDDEN', 'Only an administrator can change feature flags.') });
    renderWithProviders(<FlagsSection />);
    expect(await screen.findByText('Only an administrator can see and change feature flags.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
