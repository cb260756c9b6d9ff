import clsx from 'clsx';
import { TEXTAREA_DEFAULT_ROWS } from '@backbeat/common';
import { useId } from 'react';
import type { SettingField } from '@backbeat/common/admin/settings';
import { useTrans } from '../../../lib/translator.ts';
import { NumberTextField } from '../../../ui/number-field/number-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';

/** What a form shows for a stored value (numbers as text, lists joined, bytes as MB). */
export function toDisplay(field: SettingField, stored: unknown): unknown {
  const { input } = field;
  if (field.secret) return '';
  switch (input.type) {
    case 'boolean':
      return stored === true;
    case 'number':
      return typeof stored === 'number' ? String(stored / (input.scale ?? 1)) : '';
    case 'list':
      return Array.isArray(stored) ? stored.join(', ') : '';
    case 'links':
      return Array.isArray(stored)
        ? (stored as { name: string; url: string }[])
            .map((link) => `${link.name} | ${link.url}`)
            .join('\n')
        : '';
    case 'checkboxes':
      return (stored as Record<string, boolean> | null) ?? {};
    default:
      return stored ?? '';
  }
}

/** The value to validate and send, from what the form shows. */
export function toStored(field: SettingField, shown: unknown): unknown {
  const { input } = field;
  if (input.type === 'number') {
    const text = String(shown ?? '').trim();
    if (text === '') return null;
    const number = Number(text);
    return Number.isFinite(number) ? Math.round(number * (input.scale ?? 1)) : text;
  }
  if (input.type === 'list') {
    return String(shown ?? '')
      .split(/[\s,]+/)
      .filter(Boolean);
  }
  if (input.type === 'links') {
    return String(shown ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const bar = line.lastIndexOf('|');
        const name = (bar === -1 ? line : line.slice(0, bar)).trim();
        const url = bar === -1 ? '' : line.slice(bar + 1).trim();
        const id =
          name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '') || 'policy';
        return { id, name, url };
      });
  }
  return shown;
}

const fieldClass =
  'rounded-lg border bg-bg-elevated px-3 py-2 text-fg outline-none focus:ring-2 focus:ring-primary/40';

interface SettingFieldProps {
  field: SettingField;
  value: unknown;
  error?: string;
  /** For a secret: whether a value is stored already. */
  secretSet?: boolean;
  onChange(value: unknown): void;
}

/** One setting, drawn from its declaration: switch, text, number, choice, list or options. */
export function SettingFieldInput({ field, value, error, secretSet, onChange }: SettingFieldProps) {
  const trans = useTrans();
  const id = `setting-${useId()}`;
  const hintId = `${id}-hint`;
  const label = trans(field.label);
  const help = error ?? trans(field.help);
  const hint = (
    <p id={hintId} className={clsx('text-xs', error ? 'text-danger' : 'text-fg-muted')}>
      {help}
    </p>
  );
  const described = { 'aria-describedby': hintId, 'aria-invalid': error ? true : undefined };
  const { input } = field;

  if (input.type === 'boolean') {
    return (
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={id} className="text-sm font-medium text-fg">
            {label}
          </label>
          {hint}
        </div>
        <input
          id={id}
          name={field.name}
          type="checkbox"
          role="switch"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-1 size-5 accent-[rgb(var(--be-primary))]"
          {...described}
        />
      </div>
    );
  }
  if (input.type === 'checkboxes') {
    const checked = (value as Record<string, boolean>) ?? {};
    return (
      <fieldset className="flex flex-col gap-2" {...described}>
        <legend className="text-sm font-medium text-fg">{label}</legend>
        {input.options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={`${field.name}.${option.value}`}
              checked={checked[option.value] === true}
              onChange={(e) => onChange({ ...checked, [option.value]: e.target.checked })}
              className="size-4 accent-[rgb(var(--be-primary))]"
            />
            {trans(option.label)}
          </label>
        ))}
        {hint}
      </fieldset>
    );
  }
  if (input.type === 'select' || input.type === 'textarea' || input.type === 'links') {
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {input.type === 'select' ? (
          <select
            id={id}
            name={field.name}
            value={String(value ?? '')}
            onChange={(e) => onChange(e.target.value)}
            className={clsx(fieldClass, error ? 'border-danger' : 'border-border')}
            {...described}
          >
            {input.options.map((option) => (
              <option key={option.value} value={option.value}>
                {trans(option.label)}
              </option>
            ))}
          </select>
        ) : (
          <textarea
            id={id}
            name={field.name}
            rows={TEXTAREA_DEFAULT_ROWS}
            value={String(value ?? '')}
            onChange={(e) => onChange(e.target.value)}
            className={clsx(fieldClass, error ? 'border-danger' : 'border-border')}
            {...described}
          />
        )}
        {hint}
      </div>
    );
  }
  if (input.type === 'number' && !field.secret) {
    return (
      <NumberTextField
        id={id}
        name={field.name}
        label={input.unit ? `${label} (${input.unit})` : label}
        autoComplete="off"
        value={String(value ?? '')}
        onValueChange={onChange}
        error={error}
        description={error ? undefined : trans(field.help)}
      />
    );
  }
  return (
    <TextField
      id={id}
      name={field.name}
      label={label}
      type={field.secret ? 'password' : input.type === 'email' ? 'email' : 'text'}
      autoComplete={field.secret ? 'new-password' : 'off'}
      placeholder={
        field.secret ? (secretSet ? trans('Stored; leave empty to keep') : trans('Not set')) : ''
      }
      value={String(value ?? '')}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      description={error ? undefined : trans(field.help)}
    />
  );
}
