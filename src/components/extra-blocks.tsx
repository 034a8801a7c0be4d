/**
 * Blocks that prove a point without a photo: an average rating, a person's card and a chart of a few
 * figures. They load in their own chunk (blocks.tsx loads it after the first paint), so the first
 * screen's JavaScript stays within its budget; a page drawn with one loads the chunk's stylesheet
 * before its first paint (extra-block-types.ts).
 */
import type { Block } from '../engine/flow.gen.ts';
import type { ExtraBlockType } from './extra-block-types.ts';
import { FlowImage } from './flow-image.tsx';
import { initials } from './initials.ts';
import { interfaceText } from './interface-texts.ts';
import styles from './extra-blocks.module.css';

export type ExtraBlockData = Extract<Block, { type: ExtraBlockType }>;

/** A number from resolved copy ("4.8", "52+"): its leading figure, or NaN. */
function figure(text: string): number {
  return Number.parseFloat(text.replace(/,/g, ''));
}

function Rating({ block }: { block: Extract<Block, { type: 'rating' }> }) {
  const outOf = interfaceText('outOf', 'out of 5');
  const value = figure(block.value);
  const share = Number.isFinite(value) ? Math.min(Math.max(value / 5, 0), 1) : 0;
  return (
    <div className={styles.rating}>
      <span className={styles.stars} aria-hidden="true">
        ★★★★★
        <span className={styles.starsFill} style={{ width: `${share * 100}%` }}>
          ★★★★★
        </span>
      </span>
      <p className={styles.ratingText}>
        <strong className={styles.ratingValue}>{block.value}</strong> {outOf}
        {block.count && <span className={styles.ratingCount}>{block.count}</span>}
      </p>
    </div>
  );
}

function Profile({ block }: { block: Extract<Block, { type: 'profile' }> }) {
  return (
    <div className={styles.profile}>
      {block.image ? (
        <FlowImage image={block.image} className={styles.portrait} markOver={false} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initials(block.person)}
        </span>
      )}
      <div className={styles.profileText}>
        <p className={styles.name}>{block.person}</p>
        {block.credentials && <p className={styles.credentials}>{block.credentials}</p>}
        {block.text && <p className={styles.role}>{block.text}</p>}
      </div>
    </div>
  );
}

function Chart({ block }: { block: Extract<Block, { type: 'chart' }> }) {
  const values = block.items.map((item) => figure(item.value)).filter((value) => Number.isFinite(value));
  const top = Math.max(...values, 0);
  // Bars start a little below the smallest figure, so close values still differ visibly.
  const floor = Math.max(0, Math.min(...values, top) - Math.max(4, (top - Math.min(...values, top)) * 2));
  const width = (text: string) => {
    const value = figure(text);
    if (!Number.isFinite(value) || top <= floor) return 100;
    return 25 + (75 * (value - floor)) / (top - floor);
  };
  return (
    <figure className={styles.chart}>
      {block.title && <p className={styles.chartTitle}>{block.title}</p>}
      <dl className={styles.rows}>
        {block.items.map((item, index) => (
          <div key={index} className={styles.row} data-highlight={item.highlight ? 'true' : undefined}>
            <dt className={styles.rowLabel}>{item.label}</dt>
            <dd className={styles.rowBar}>
              <span className={styles.bar} style={{ width: `${width(item.value)}%` }}>
                <span className={styles.barValue}>{item.value}</span>
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {block.caption && <figcaption className={styles.chartCaption}>{block.caption}</figcaption>}
    </figure>
  );
}

/** Draws one of the extra blocks. */
export default function ExtraBlock({ block }: { block: ExtraBlockData }) {
  switch (block.type) {
    case 'rating':
      return <Rating block={block} />;
    case 'profile':
      return <Profile block={block} />;
    case 'chart':
      return <Chart block={block} />;
  }
}
