/**
 * Admin (issue 32): the audit log (filtered by operator, action and dates; exported as CSV) and the
 * operators holding a role on this brand, with roles granted and revoked. The platform checks every
 * grant (a grant on every brand needs admin on every brand; nobody revokes their own admin).
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import {
  OperatorAuditLogDocument, OperatorGrantRoleDocument, OperatorOperatorsDocument, OperatorRevokeRoleDocument,
  type OperatorAuditLogQuery, type OperatorOperatorsQuery, type OperatorRole,
} from '../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../i18n/operator/en.ts';
import { downloadConsoleFile, filterQuery, operatorCall } from './api.ts';
import { consoleTime, FilterField, Message, useCall } from './ui.tsx';

const ROLES: OperatorRole[] = ['editor', 'compliance', 'support', 'admin'];

/** The admin section. */
export default function AdminPanel({ texts, brand }: { texts: OperatorTexts; brand: string }) {
  return (
    <>
      <h1>{texts.admin.heading}</h1>
      <AuditLog texts={texts} brand={brand} />
      <Operators texts={texts} brand={brand} />
    </>
  );
}

type AuditEntry = OperatorAuditLogQuery['operatorAuditLog'][number];

const dayStart = (value: string) => (value ? `${value}T00:00:00Z` : null);
type AuditFilter = { operator: string | null; action: string | null; from: string | null; to: string | null };
const NO_FILTER: AuditFilter = { operator: null, action: null, from: null, to: null };
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function AuditLog({ texts, brand }: { texts: OperatorTexts; brand: string }) {
  const t = texts.admin.audit;
  const [filter, setFilter] = useState({ operator: '', action: '', from: '', to: '' });
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const { busy, error, run } = useCall(texts);
  const variables = () => ({ operator: filter.operator.trim() || null, action: filter.action.trim() || null, from: dayStart(filter.from), to: dayStart(filter.to) });
  const show = useCallback((wanted: AuditFilter) => void run(async () => setEntries((await operatorCall(OperatorAuditLogDocument, wanted)).operatorAuditLog)), [run]);
  // The newest entries show when the section opens; the form filters them after.
  useEffect(() => show(NO_FILTER), [show]);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    show(variables());
  };
  const exportCsv = () => void run(() => downloadConsoleFile(`/platform/operator/audit-log.csv${filterQuery(variables())}`, `audit-log-${brand}.csv`));
  const field = (name: keyof typeof filter, label: string, type: 'text' | 'date') => (
    <FilterField form="audit" name={name} label={label} type={type} values={filter} onChange={setFilter} />
  );
  return (
    <section aria-labelledby="audit-heading" className="op-card">
      <h2 id="audit-heading">{t.heading}</h2>
      <form className="op-filters" onSubmit={submit} noValidate>
        {field('operator', t.operator, 'text')}
        {field('action', t.action, 'text')}
        {field('from', t.from, 'date')}
        {field('to', t.to, 'date')}
        <div className="op-actions">
          <button type="submit" className="op-button" disabled={busy}>{t.search}</button>
          <button type="button" className="op-button op-button--quiet" disabled={busy} onClick={exportCsv}>{t.export}</button>
        </div>
      </form>
      <Message tone="error">{error}</Message>
      {entries && entries.length === 0 && <p role="status">{t.empty}</p>}
      {entries && entries.length > 0 && (
        <div className="op-scroll">
          <table data-testid="audit-log">
            <caption>{t.caption}</caption>
            <thead><tr><th scope="col">{t.at}</th><th scope="col">{t.who}</th><th scope="col">{t.what}</th><th scope="col">{t.target}</th><th scope="col">{t.change}</th></tr></thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{consoleTime(entry.at)}</td>
                  <td>{entry.operatorEmail}</td>
                  <td>{entry.action}</td>
                  <td className="op-break">{entry.target ?? ''}</td>
                  <td className="op-break">{entry.before === null && entry.after === null ? '' : `${json(entry.before)} → ${json(entry.after)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type ConsoleOperator = OperatorOperatorsQuery['operatorOperators'][number];

function Operators({ texts, brand }: { texts: OperatorTexts; brand: string }) {
  const t = texts.admin.operators;
  const [operators, setOperators] = useState<ConsoleOperator[] | null>(null);
  const [grant, setGrant] = useState<{ email: string; role: OperatorRole; where: string }>({ email: '', role: 'support', where: brand });
  const [notice, setNotice] = useState('');
  const { busy, error, run } = useCall(texts);
  const load = useCallback(() => void run(async () => setOperators((await operatorCall(OperatorOperatorsDocument, {})).operatorOperators)), [run]);
  useEffect(load, [load]);
  const changed = (operator: ConsoleOperator) => {
    setNotice(fillOperatorText(t.granted, { email: operator.email, roles: operator.roles.map((role) => `${role.role} (${role.brand})`).join(', ') || '—' }));
    load();
  };
  const revoke = (operator: ConsoleOperator, role: OperatorRole, where: string) => void run(async () => {
    changed((await operatorCall(OperatorRevokeRoleDocument, { operator: operator.id, brand: where, role })).operatorRevokeRole);
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      changed((await operatorCall(OperatorGrantRoleDocument, { operator: grant.email.trim(), brand: grant.where, role: grant.role })).operatorGrantRole);
    });
  };
  return (
    <section aria-labelledby="operators-heading" className="op-card">
      <h2 id="operators-heading">{t.heading}</h2>
      <Message tone="status">{notice}</Message>
      <Message tone="error">{error}</Message>
      {operators && (
        <div className="op-scroll">
          <table>
            <caption>{t.caption}</caption>
            <thead><tr><th scope="col">{t.email}</th><th scope="col">{t.roles}</th></tr></thead>
            <tbody>
              {operators.map((operator) => (
                <tr key={operator.id}>
                  <td>{operator.name} · {operator.email}</td>
                  <td>
                    <ul className="op-roles">
                      {operator.roles.map((role) => (
                        <li key={`${role.brand}-${role.role}`}>
                          {role.role} ({role.brand === '*' ? t.everyBrand : role.brand}){' '}
                          <button type="button" className="op-link" disabled={busy} onClick={() => revoke(operator, role.role, role.brand)}
                            aria-label={fillOperatorText(t.revoke, { role: role.role, brand: role.brand === '*' ? t.everyBrand : role.brand, email: operator.email })}>×</button>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 id="grant-heading">{t.grantHeading}</h3>
      <form className="op-filters" aria-labelledby="grant-heading" onSubmit={submit}>
        <div className="op-field">
          <label htmlFor="grant-email">{t.grantOperator}</label>
          <input id="grant-email" type="email" required value={grant.email} onChange={(event) => setGrant({ ...grant, email: event.target.value })} />
        </div>
        <div className="op-field">
          <label htmlFor="grant-role">{t.grantRole}</label>
          <select id="grant-role" value={grant.role} onChange={(event) => setGrant({ ...grant, role: event.target.value as OperatorRole })}>
            {ROLES.map((role) => <option key={role} value={role}>{texts.roles[role] ?? role}</option>)}
          </select>
        </div>
        <div className="op-field">
          <label htmlFor="grant-where">{t.grantBrand}</label>
          <select id="grant-where" value={grant.where} onChange={(event) => setGrant({ ...grant, where: event.target.value })}>
            <option value={brand}>{fillOperatorText(t.thisBrand, { brand })}</option>
            <option value="*">{t.everyBrand}</option>
          </select>
        </div>
        <div className="op-actions"><button type="submit" className="op-button" disabled={busy}>{t.grant}</button></div>
      </form>
    </section>
  );
}
