import { useEffect, useRef, type ChangeEvent } from 'react';
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
 * semantics and keyboard behaviour (space, arrow keys) for free, and takes a tap on the build's
 * drawing before any script has run (the card's look follows `:checked`): when the app adopts that
 * drawing (hydration keeps the input's own state), the choice made meanwhile is sent once, as a tap.
 */
export function OptionButton({ type, name, value, label, checked, onSelect }: OptionButtonProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onSelect(event.target.value);
  const input = useRef<HTMLInputElement>(null);
  const adopted = useRef(false);
  useEffect(() => {
    // Once per mount (StrictMode runs effects twice; a second toggle would undo the first).
    if (adopted.current) return;
    adopted.current = true;
    const native = input.current?.checked;
    // A radio unchecked natively was unchecked by its sibling's choice, which that sibling sends.
    if (native !== undefined && native !== checked && (type === 'checkbox' || native)) onSelect(value);
    // Only the first render's state can differ from the input's own: later renders set it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <label className={styles.option} data-checked={checked}>
      <input
        ref={input}
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
