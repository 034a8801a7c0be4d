import styles from './question-header.module.css';

export interface QuestionHeaderProps {
  /** Id of the heading, so the options' group can be labelled by it. */
  id: string;
  /** The question. */
  question: string;
  /** A short help line under the question. */
  hint?: string;
}

/** A question as the screen's main heading, with an optional hint. */
export function QuestionHeader({ id, question, hint }: QuestionHeaderProps) {
  return (
    <div className={styles.header}>
      <h1 id={id} className={styles.question}>
        {question}
      </h1>
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}
