import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { authorizationValue, type AppleIngestCredentials } from './apple-ingest-credentials';
import { CopyableValue } from './copy-button';

/**
 * What to build in the Shortcuts app, action by action, and how to set up the Health Auto Export app instead. Every
 * value to type is shown with a copy button; the ingest URL and the Authorization header appear once a token is issued.
 * The body these steps post is test/functions/apple/fixtures/trailbuddy-shortcut.json (checked by the ingest tests).
 */

/** A field of one Shortcuts action: its label in the action, and either words to pick or a value to paste. */
interface Field {
  name: string;
  /** Chosen in the action (a menu item, a variable): shown, not copied. */
  choose?: string;
  /** Typed into the action: shown with a copy button. */
  paste?: string;
  /** The Dictionary value type to pick for this key. */
  type?: 'Text' | 'Number' | 'Dictionary';
  /** A key inside the Dictionary-typed key above it. */
  nested?: boolean;
}

interface Action {
  name: string;
  where?: string;
  fields: Field[];
}

export const SHORTCUT_NAME = 'TrailBuddy Sync';

/** Labels of the values that come from the issued token (copy buttons named after them). */
const URL_LABEL = 'ingest URL';
const HEADER_NAME_LABEL = 'header name Authorization';
const HEADER_VALUE_LABEL = 'Authorization header value';

function shortcutActions(credentials: AppleIngestCredentials | null): Action[] {
  const url = credentials?.ingestUrl;
  const header = credentials ? authorizationValue(credentials.token) : undefined;
  return [
    {
      name: 'Find Workouts',
      fields: [
        { name: 'Filter', choose: 'Start Date is in the last 30 days' },
        { name: 'Sort by', choose: 'Start Date, Latest First' },
        { name: 'Limit', choose: 'On, 100 workouts' },
      ],
    },
    { name: 'Repeat with Each', fields: [{ name: 'Repeat with each item in', choose: 'Workouts' }] },
    {
      name: 'Format Date',
      where: 'inside the repeat',
      fields: [
        { name: 'Date', choose: 'Repeat Item › Start Date' },
        { name: 'Date Format', choose: 'ISO 8601, Include ISO 8601 Time on' },
      ],
    },
    {
      name: 'Dictionary',
      where: 'inside the repeat; add these keys',
      fields: [
        { name: 'id', type: 'Text', choose: 'Formatted Date' },
        { name: 'workoutActivityType', type: 'Text', choose: 'Repeat Item › Type' },
        { name: 'startDate', type: 'Text', choose: 'Formatted Date' },
        { name: 'duration', type: 'Number', choose: 'Repeat Item › Duration' },
        { name: 'totalDistance', type: 'Text', choose: 'Repeat Item › Distance' },
        { name: 'totalEnergyBurned', type: 'Text', choose: 'Repeat Item › Active Energy' },
      ],
    },
    {
      name: 'Set Variable',
      where: 'after End Repeat',
      fields: [
        { name: 'Variable Name', paste: 'WorkoutList' },
        { name: 'Input', choose: 'Repeat Results' },
      ],
    },
    {
      name: 'Find Health Samples',
      fields: [
        { name: 'Type', choose: 'Steps' },
        { name: 'Filter', choose: 'Start Date is in the last 30 days' },
        { name: 'Group By', choose: 'Day' },
      ],
    },
    { name: 'Repeat with Each', fields: [{ name: 'Repeat with each item in', choose: 'Health Samples' }] },
    {
      name: 'Format Date',
      where: 'inside the repeat',
      fields: [
        { name: 'Date', choose: 'Repeat Item › Start Date' },
        { name: 'Date Format', choose: 'Custom' },
        { name: 'Format String', paste: 'yyyy-MM-dd' },
      ],
    },
    {
      name: 'Dictionary',
      where: 'inside the repeat; add these keys',
      fields: [
        { name: 'date', type: 'Text', choose: 'Formatted Date' },
        { name: 'steps', type: 'Number', choose: 'Repeat Item › Value' },
      ],
    },
    {
      name: 'Set Variable',
      where: 'after End Repeat',
      fields: [
        { name: 'Variable Name', paste: 'StepList' },
        { name: 'Input', choose: 'Repeat Results' },
      ],
    },
    {
      name: 'Dictionary',
      where: 'one key, health_data, of type Dictionary, holding two keys',
      fields: [
        { name: 'health_data', type: 'Dictionary' },
        {
          name: 'workouts',
          type: 'Text',
          nested: true,
          choose: 'variable WorkoutList (only the variable, nothing else)',
        },
        { name: 'steps', type: 'Text', nested: true, choose: 'variable StepList (only the variable, nothing else)' },
      ],
    },
    {
      name: 'Get Contents of URL',
      fields: [
        { name: 'URL', paste: url },
        { name: 'Method', choose: 'POST' },
        { name: 'Headers: key', paste: 'Authorization' },
        { name: 'Headers: value', paste: header },
        { name: 'Request Body', choose: 'File, set to the Dictionary above' },
      ],
    },
  ];
}

/** Which copy button label each pasted value gets (keys are named after themselves). */
function copyLabel(field: Field): string {
  if (field.name === 'URL') return URL_LABEL;
  if (field.name === 'Headers: key') return HEADER_NAME_LABEL;
  if (field.name === 'Headers: value') return HEADER_VALUE_LABEL;
  return `${field.name} ${field.paste}`;
}

function FieldRow({ field }: { field: Field }) {
  const isKey = field.type !== undefined;
  return (
    <li className={`space-y-1 ${field.nested ? 'ml-3 border-l-2 border-slate-200 pl-3' : ''}`}>
      {isKey ? (
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          <span>Key ({field.type})</span>
          <CopyableValue value={field.name} label={`key ${field.name}`} />
        </span>
      ) : (
        <span className="block text-sm text-slate-700">{field.name}</span>
      )}
      {field.choose && (
        <span className="block text-sm font-medium text-slate-900">
          {isKey ? `Value: ${field.choose}` : field.choose}
        </span>
      )}
      {'paste' in field &&
        (field.paste ? (
          <CopyableValue value={field.paste} label={copyLabel(field)} />
        ) : (
          <span className="block text-sm italic text-slate-600">Shown once you get your ingest token above.</span>
        ))}
    </li>
  );
}

function ShortcutSteps({ credentials }: { credentials: AppleIngestCredentials | null }) {
  return (
    <div className="space-y-3">
      {credentials?.shortcutUrl && (
        <p className="text-sm text-slate-700">
          <a
            href={credentials.shortcutUrl}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-brand-800 underline"
          >
            Install the TrailBuddy Shortcut
          </a>{' '}
          and paste your Authorization header value when it asks, or build it yourself:
        </p>
      )}
      <div className="space-y-1 text-sm text-slate-700">
        <p>In the Shortcuts app, tap + to make a new shortcut and name it:</p>
        <CopyableValue value={SHORTCUT_NAME} label="shortcut name" />
        <p>Then add these actions in order (search for each by its name):</p>
      </div>
      <ol className="space-y-3">
        {shortcutActions(credentials).map((action, index) => (
          <li key={index} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">
              {index + 1}. {action.name}
              {action.where && <span className="font-normal text-slate-600"> ({action.where})</span>}
            </p>
            <ul className="mt-2 space-y-2">
              {action.fields.map((field) => (
                <FieldRow key={field.name} field={field} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-700">
        Run it once and allow access to Health. To send data every day, add a Personal Automation (Time of Day, Daily)
        that runs {SHORTCUT_NAME}.
      </p>
    </div>
  );
}

function HealthAutoExportSteps({ credentials }: { credentials: AppleIngestCredentials | null }) {
  const rows: Array<{ name: string; choose?: string; paste?: string; label?: string }> = [
    { name: 'Automation Type', choose: 'REST API' },
    { name: 'URL', paste: credentials?.ingestUrl, label: URL_LABEL },
    { name: 'Headers: key', paste: 'Authorization', label: HEADER_NAME_LABEL },
    {
      name: 'Headers: value',
      paste: credentials ? authorizationValue(credentials.token) : undefined,
      label: HEADER_VALUE_LABEL,
    },
    { name: 'Data Type', choose: 'Workouts' },
    { name: 'Export Format', choose: 'JSON' },
    { name: 'Export Version', choose: 'Version 2' },
    { name: 'Include Route Data', choose: 'Off (TrailBuddy does not keep routes)' },
    { name: 'Period', choose: 'Default (yesterday and today)' },
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        In the Health Auto Export app (REST API automations need its premium plan), open Automations, tap + and set:
      </p>
      <ul className="space-y-2 rounded-lg border border-slate-200 p-3">
        {rows.map((row) => (
          <li key={row.name} className="space-y-1">
            <span className="block text-sm text-slate-700">{row.name}</span>
            {row.choose && <span className="block text-sm font-medium text-slate-900">{row.choose}</span>}
            {'paste' in row &&
              (row.paste ? (
                <CopyableValue value={row.paste} label={row.label!} />
              ) : (
                <span className="block text-sm italic text-slate-600">Shown once you get your ingest token above.</span>
              ))}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        For daily steps, add a second automation the same way with Data Type <strong>Health Metrics</strong>, only{' '}
        <strong>Step Count</strong> selected, and Time Grouping <strong>Day</strong>. TrailBuddy reads the app's body
        exactly as it sends it.
      </p>
    </div>
  );
}

const TABS = [
  { id: 'shortcut', label: 'iOS Shortcut' },
  { id: 'hae', label: 'Health Auto Export app' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Two ways to send Apple Health data, as tabs (arrow keys move between them). */
export function AppleSetupInstructions({ credentials }: { credentials: AppleIngestCredentials | null }) {
  const [tab, setTab] = useState<TabId>('shortcut');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const current = TABS.findIndex((t) => t.id === tab);
    const last = TABS.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setTab(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  const panel: ReactNode =
    tab === 'shortcut' ? (
      <ShortcutSteps credentials={credentials} />
    ) : (
      <HealthAutoExportSteps credentials={credentials} />
    );
  return (
    <div>
      <div role="tablist" aria-label="How to send Apple Health data" className="flex gap-1 border-b border-slate-200">
        {TABS.map((t, index) => (
          <button
            key={t.id}
            onKeyDown={onKeyDown}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px rounded-t-lg border-b-2 px-3 py-2 text-sm font-semibold ${tab === t.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${tab}-panel`}
        aria-labelledby={`${baseId}-${tab}-tab`}
        tabIndex={0}
        className="pt-3"
      >
        {panel}
      </div>
    </div>
  );
}
