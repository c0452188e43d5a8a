/** Operating system family of a payment terminal. */
export type TerminalOs = 'ANDROID' | 'LINUX' | 'TELIUM';
/** Form factor: countertop, portable (with printer), mobile/mPOS (no printer) or unattended reader. */
export type TerminalFormFactor = 'COUNTERTOP' | 'PORTABLE' | 'MPOS' | 'UNATTENDED';

/**
 * A payment terminal model (§3 "Terminal model list: Models"). `model` is the name stored on a
 * terminal and offered in the model picker; the server seeds `terminal_models` (model,
 * manufacturer) from this list.
 */
export interface TerminalModel {
  readonly model: string;
  readonly manufacturer: string;
  readonly os: TerminalOs;
  readonly formFactor: TerminalFormFactor;
}

const t = (manufacturer: string, name: string, os: TerminalOs, formFactor: TerminalFormFactor): TerminalModel =>
  Object.freeze({ model: `${manufacturer} ${name}`, manufacturer, os, formFactor });

/** Android and Linux POS terminals in use with Malaysian acquirers, by manufacturer. */
export const TERMINAL_MODELS: readonly TerminalModel[] = Object.freeze([
  t('PAX', 'A920', 'ANDROID', 'PORTABLE'),
  t('PAX', 'A920 Pro', 'ANDROID', 'PORTABLE'),
  t('PAX', 'A80', 'ANDROID', 'COUNTERTOP'),
  t('PAX', 'A77', 'ANDROID', 'MPOS'),
  t('PAX', 'A35', 'ANDROID', 'COUNTERTOP'),
  t('PAX', 'IM30', 'ANDROID', 'UNATTENDED'),
  t('PAX', 'S920', 'LINUX', 'PORTABLE'),
  t('Sunmi', 'P2', 'ANDROID', 'PORTABLE'),
  t('Sunmi', 'P2 Pro', 'ANDROID', 'PORTABLE'),
  t('Sunmi', 'V2 Pro', 'ANDROID', 'PORTABLE'),
  t('Verifone', 'V200c', 'LINUX', 'COUNTERTOP'),
  t('Verifone', 'V240m', 'LINUX', 'PORTABLE'),
  t('Verifone', 'X990', 'ANDROID', 'COUNTERTOP'),
  t('Ingenico', 'Move/5000', 'TELIUM', 'PORTABLE'),
  t('Ingenico', 'Desk/5000', 'TELIUM', 'COUNTERTOP'),
  t('Ingenico', 'APOS A8', 'ANDROID', 'PORTABLE'),
  t('Castles', 'Saturn1000', 'ANDROID', 'PORTABLE'),
  t('Castles', 'Vega3000', 'LINUX', 'COUNTERTOP'),
  t('Newland', 'N910', 'ANDROID', 'PORTABLE'),
]);

/** The model names, for the §3 "Terminal model list: Models" lookup. */
export const TERMINAL_MODEL_NAMES: readonly string[] = Object.freeze(TERMINAL_MODELS.map((m) => m.model));
