import type { ChangeEvent } from 'react';
import styles from './option-button.module.css';

export interface OptionButtonProps {
  /** "checkbox" for options that toggle (multi-select), "radio" for one answer (single choice). */
  type: 'checkbox' | 'radio';
  /** Shared by the options of one question (radios with one name form one group). */
  name: string;
  /** The option's stored value. */
  value: string;
  /** What the visitor reads. */
  label: string;
  /** Whether the option is chosen now (the machine holds the truth). */
  checked: boolean;
  /** The visitor chose (or, for a checkbox, toggled) this option. */
  onSelect: (value: string) => void;
}

/**
 * One answer as a large tappable card. A real checkbox or radio input underneath gives native
 * semantics and keyboard behaviour (space, arrow keys) for free.
 */
export function OptionButton({ type, name, value, label, checked, onSelect }: OptionButtonProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onSelect(event.target.value);
  return (
    <label className={styles.option} data-checked={checked}>
      <input
        className={styles.input}
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={handleChange}
      />
      <span className={`${styles.indicator} ${styles[type]}`} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </label>
  );
}
