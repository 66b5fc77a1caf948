/**
 * The account details' texts (the personal info form, the dashboard's limits at a glance, open
 * tasks and marketing switches), translated on the server and handed to the islands, so the
 * islands carry no dictionary.
 */
import type { LimitKind, LimitPeriod } from '../../../shared/licences.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { FieldErrorTexts } from './field-errors.ts';
import type { TaskType } from './open-tasks.ts';

/** The marketing channels, as setMarketingPreferences names them. */
export const MARKETING_CHANNELS = ['email', 'sms', 'phone', 'webPush'] as const;
/** One marketing channel. */
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

/** Texts of the personal info form. */
export interface PersonalInfoTexts {
  title: string;
  intro: string;
  loading: string;
  loadError: string;
  labels: Record<'firstName' | 'lastName' | 'street' | 'city' | 'zipCode' | 'state' | 'dateOfBirth', string>;
  statePlaceholder: string;
  dateOfBirthHint: string;
  verified: string;
  save: string;
  saved: string;
  fixErrors: string;
  saveError: string;
  errors: FieldErrorTexts;
}

/** Texts of the limits at a glance. */
export interface GlanceTexts {
  title: string;
  loading: string;
  loadError: string;
  none: string;
  manage: string;
  kindTitles: Record<LimitKind, string>;
  periods: Record<LimitPeriod, string>;
  pendingIncrease: string;
  pendingRemoval: string;
}

/** Texts of the open tasks. */
export interface TasksTexts {
  title: string;
  loading: string;
  none: string;
  dueBy: string;
  tasks: Record<TaskType, { link: string; about: string }>;
}

/** Texts of the marketing switches. */
export interface MarketingTexts {
  title: string;
  intro: string;
  loading: string;
  loadError: string;
  channels: Record<MarketingChannel, string>;
  blocked: string;
  saved: string;
  saveError: string;
}

/** The personal info form's texts in the page's language. */
export function personalInfoTexts(t: Translate): PersonalInfoTexts {
  return {
    title: t('personalInfo.title'),
    intro: t('personalInfo.intro'),
    loading: t('common.loading'),
    loadError: t('personalInfo.loadError'),
    labels: {
      firstName: t('personalInfo.firstName'), lastName: t('personalInfo.lastName'), street: t('personalInfo.street'), city: t('personalInfo.city'),
      zipCode: t('personalInfo.zipCode'), state: t('personalInfo.state'), dateOfBirth: t('personalInfo.dateOfBirth'),
    },
    statePlaceholder: t('personalInfo.statePlaceholder'),
    dateOfBirthHint: t('personalInfo.dateOfBirthHint'),
    verified: t('personalInfo.verified'),
    save: t('personalInfo.save'),
    saved: t('personalInfo.saved'),
    fixErrors: t('personalInfo.fixErrors'),
    saveError: t('personalInfo.saveError'),
    errors: {
      required: t('personalInfo.error.required'),
      tooLong: t('personalInfo.error.tooLong'),
      controlCharacters: t('personalInfo.error.controlCharacters'),
      format: t('personalInfo.error.invalid'),
      name: t('personalInfo.error.name'),
      zipCode: t('personalInfo.error.zipCode'),
      state: t('personalInfo.error.state'),
      dateOfBirth: t('personalInfo.error.dateOfBirth'),
      tooYoung: t('personalInfo.error.tooYoung'),
      verified: t('personalInfo.error.verified'),
      invalid: t('personalInfo.error.invalid'),
    },
  };
}

/** The dashboard's limits at a glance in the page's language. */
export function glanceTexts(t: Translate): GlanceTexts {
  return {
    title: t('dashboard.limits.title'),
    loading: t('common.loading'),
    loadError: t('limits.loadError'),
    none: t('dashboard.limits.none'),
    manage: t('dashboard.limits.manage'),
    kindTitles: { Deposit: t('limits.Deposit.title'), Loss: t('limits.Loss.title'), GlobalLoss: t('limits.GlobalLoss.title'), Session: t('limits.Session.title') },
    periods: { Day: t('limits.period.Day'), Week: t('limits.period.Week'), Month: t('limits.period.Month') },
    pendingIncrease: t('limits.pendingIncrease'),
    pendingRemoval: t('limits.pendingRemoval'),
  };
}

/** The dashboard's open tasks in the page's language. */
export function tasksTexts(t: Translate): TasksTexts {
  return {
    title: t('dashboard.tasks.title'),
    loading: t('common.loading'),
    none: t('dashboard.tasks.none'),
    dueBy: t('profile.neededBy'),
    tasks: {
      Verify: { link: t('dashboard.tasks.Verify'), about: t('dashboard.tasks.Verify.about') },
      CompleteSoW: { link: t('dashboard.tasks.CompleteSoW'), about: t('dashboard.tasks.CompleteSoW.about') },
      Deposit: { link: t('dashboard.tasks.Deposit'), about: t('dashboard.tasks.Deposit.about') },
    },
  };
}

/** The dashboard's marketing switches in the page's language. */
export function marketingTexts(t: Translate): MarketingTexts {
  return {
    title: t('dashboard.marketing.title'),
    intro: t('dashboard.marketing.intro'),
    loading: t('common.loading'),
    loadError: t('dashboard.marketing.loadError'),
    channels: { email: t('dashboard.marketing.email'), sms: t('dashboard.marketing.sms'), phone: t('dashboard.marketing.phone'), webPush: t('dashboard.marketing.webPush') },
    blocked: t('dashboard.marketing.blocked'),
    saved: t('dashboard.marketing.saved'),
    saveError: t('dashboard.marketing.saveError'),
  };
}

/** Texts of the dashboard's financial history (EnableFinancialHistory). */
export interface FinancialTexts {
  title: string;
  intro: string;
  loading: string;
  loadError: string;
  deposited: string;
  withdrawn: string;
  net: string;
  last30: string;
  last365: string;
  depositHistory: string;
  withdrawalHistory: string;
}

/** The financial history's texts in the page's locale. */
export function financialTexts(t: Translate): FinancialTexts {
  return {
    title: t('financial.title'), intro: t('financial.intro'), loading: t('common.loading'), loadError: t('financial.loadError'),
    deposited: t('financial.deposited'), withdrawn: t('financial.withdrawn'), net: t('financial.net'),
    last30: t('financial.last30'), last365: t('financial.last365'),
    depositHistory: t('page.profile-deposit-history.title'), withdrawalHistory: t('page.profile-withdrawal-history.title'),
  };
}
