import styles from './wordmark.module.css';

export interface WordmarkProps {
  /** The brand name, drawn as text (never an image) so it is crisp, translatable and costs no request. */
  brand: string;
  /**
   * The flow's small icon before the name (`theme.logo`, an image under public/). Decorative: the text
   * names the brand. Without one the wordmark is the text alone, so no other brand's mark can show.
   */
  logo?: string | undefined;
}

/** The product's wordmark at the top of every screen. */
export function Wordmark({ brand, logo }: WordmarkProps) {
  return (
    <p className={styles.wordmark}>
      {logo !== undefined && <img className={styles.mark} src={logo} alt="" width={20} height={20} />}
      {brand}
    </p>
  );
}
