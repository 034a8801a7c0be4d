import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { Block } from '../engine/flow.gen.ts';
import type { ExtraBlockData } from './extra-blocks.tsx';
import { FlowImage, SampleImageMark } from './flow-image.tsx';
import { initials } from './initials.ts';
import { interfaceText } from './interface-texts.ts';
import { ScoreBar } from './score-bar.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';
import styles from './blocks.module.css';

/** Each block type mapped to its own block shape, derived from the generated union. */
type BlockMap = { [B in Block as B['type']]: B };
type BlockType = keyof BlockMap;

/** How a block of one type is drawn. */
type BlockRenderer<K extends BlockType> = (block: BlockMap[K], context: RenderContext) => ReactNode;

/** One renderer per block type, no more, no less. */
type BlockRenderers = { [K in BlockType]: BlockRenderer<K> };

interface RenderContext {
  /** Level of a heading block: the first heading of a screen's content is its h1. */
  headingLevel: 1 | 2;
}

type Tone = 'success' | 'info' | 'warning' | 'neutral';
const toneClass = (tone: Tone | undefined): string => styles[tone ?? 'neutral'] ?? '';

function Stars({ rating }: { rating: number }) {
  const rated = interfaceText('rated', 'Rated {rating} out of 5').replace('{rating}', String(rating));
  const filled = Math.round(Math.min(Math.max(rating, 0), 5));
  return (
    <span className={styles.stars}>
      <span aria-hidden="true">
        {'★'.repeat(filled)}
        <span className={styles.starsEmpty}>{'★'.repeat(5 - filled)}</span>
      </span>
      <VisuallyHidden>{rated}</VisuallyHidden>
    </span>
  );
}

/** The rating, profile and chart blocks: their own chunk, loaded after the first paint (see Blocks). */
let extraModule: typeof import('./extra-blocks.tsx') | undefined;
const loadExtra = () =>
  import('./extra-blocks.tsx').then((module) => {
    extraModule = module;
    return module;
  });
const LazyExtra = lazy(loadExtra);

function Extra({ block }: { block: ExtraBlockData }) {
  // Always inside the same Suspense boundary, loaded or not: the prerender (where the module is loaded)
  // and a hydrating first render (where it may not be yet) must give the same tree. A boundary the
  // prerender drew complete is kept as drawn while the chunk loads, then hydrated; a boundary missing
  // on one side is a hydration mismatch (React #418) that redraws the whole screen, losing a file or
  // text the visitor gave the drawing.
  // Once loaded (the usual case: every screen with blocks starts the load), it draws at once.
  return (
    <Suspense fallback={null}>
      {extraModule ? <extraModule.default block={block} /> : <LazyExtra block={block} />}
    </Suspense>
  );
}

/**
 * Every block type's renderer. `satisfies` makes a new block type in the schema a compile error here
 * until it has a renderer.
 */
const blockRenderers = {
  heading: (block, { headingLevel }) => {
    const Tag = headingLevel === 1 ? 'h1' : 'h2';
    return (
      <div className={styles.heading}>
        {block.eyebrow && <p className={styles.eyebrow}>{block.eyebrow}</p>}
        <Tag className={headingLevel === 1 ? styles.h1 : styles.h2}>{block.text}</Tag>
      </div>
    );
  },
  text: (block) => <p className={block.emphasis ? styles.emphasis : styles.text}>{block.text}</p>,
  link: (block) => (
    <p className={styles.linkRow}>
      <a className={styles.link} href={block.href}>
        {block.text}
      </a>
    </p>
  ),
  list: (block) => {
    const style = block.style ?? 'bullet';
    const items = block.items.map((item, index) => (
      <li key={index} className={styles.listItem}>
        {typeof item === 'string' ? (
          item
        ) : !('title' in item) ? (
          // A conditional plain item: its `when` was applied when the screen was resolved.
          item.text
        ) : (
          <>
            <strong className={styles.listTitle}>{item.title}</strong>
            {item.text && <span className={styles.listText}>{item.text}</span>}
          </>
        )}
      </li>
    ));
    return (
      <div className={styles.listBlock}>
        {block.title && <p className={styles.listHeading}>{block.title}</p>}
        {style === 'number' ? (
          <ol className={`${styles.list} ${styles.number}`}>{items}</ol>
        ) : (
          <ul className={`${styles.list} ${styles[style]}`} data-style={style}>
            {items}
          </ul>
        )}
      </div>
    );
  },
  image: (block) =>
    block.size === 'small' ? (
      <figure className={styles.smallFigure}>
        <FlowImage image={block.image} className={styles.avatar} markOver={false} />
        <figcaption className={styles.smallCaption}>
          {block.image.caption}
          {block.image.sample && <SampleImageMark />}
        </figcaption>
      </figure>
    ) : (
      <figure className={styles.figure}>
        <FlowImage image={block.image} className={styles.image} />
        {block.image.caption && <figcaption className={styles.caption}>{block.image.caption}</figcaption>}
      </figure>
    ),
  'before-after': (block) => (
    <figure className={styles.figure}>
      <div className={styles.pair}>
        {[block.before, block.after].map((image, index) => (
          <figure key={index} className={styles.pairItem}>
            <FlowImage image={image} className={styles.portrait} />
            {image.caption && <figcaption className={styles.pairLabel}>{image.caption}</figcaption>}
          </figure>
        ))}
      </div>
      {block.caption && <figcaption className={styles.caption}>{block.caption}</figcaption>}
    </figure>
  ),
  badge: (block) => (
    <p className={styles.badgeRow}>
      <span className={`${styles.badge} ${toneClass(block.tone)}`}>{block.text}</span>
    </p>
  ),
  badges: (block) => (
    <ul className={styles.badges}>
      {block.items.map((item, index) => (
        <li key={index} className={styles.trust}>
          <span className={styles.trustIcon} aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  ),
  testimonial: (block) => (
    <figure className={styles.testimonial}>
      {block.rating !== undefined && <Stars rating={block.rating} />}
      <blockquote className={styles.quote}>
        <p>{block.quote}</p>
      </blockquote>
      <figcaption className={styles.byline}>
        <span className={styles.initials} aria-hidden="true">
          {initials(block.author)}
        </span>
        <span className={styles.author}>
          <strong>{block.author}</strong>
          {block.detail && <span className={styles.detail}>{block.detail}</span>}
        </span>
      </figcaption>
    </figure>
  ),
  stats: (block) => (
    <dl className={styles.stats}>
      {block.items.map((item, index) => (
        <div key={index} className={styles.stat}>
          <dt className={styles.statLabel}>{item.label}</dt>
          <dd className={styles.statValue}>{item.value}</dd>
        </div>
      ))}
    </dl>
  ),
  cards: (block) => (
    <ul className={styles.cards}>
      {block.items.map((card, index) => (
        <li key={index} className={`${styles.card} ${toneClass(card.tone)}`}>
          <p className={styles.cardTitle}>{card.title}</p>
          {card.value && <p className={styles.cardValue}>{card.value}</p>}
          {card.text && <p className={styles.cardText}>{card.text}</p>}
        </li>
      ))}
    </ul>
  ),
  'score-bars': (block) => (
    <div className={styles.scoreBars}>
      {block.items.map((item, index) => (
        <ScoreBar
          key={index}
          label={item.label}
          value={Number(item.value)}
          max={block.max}
          good={block.good}
          fair={block.fair}
        />
      ))}
    </div>
  ),
  comparison: (block) => (
    <dl className={styles.comparison}>
      {block.items.map((item, index) => (
        <div
          key={index}
          className={index === 0 ? `${styles.figureItem} ${styles.highlight}` : styles.figureItem}
        >
          <dt className={styles.figureLabel}>{item.label}</dt>
          <dd className={styles.figureValue}>{item.value}</dd>
        </div>
      ))}
    </dl>
  ),
  steps: (block) => (
    <ol className={styles.steps}>
      {block.items.map((item, index) => {
        const state = index < block.current ? 'done' : index === block.current ? 'current' : 'todo';
        return (
          <li
            key={index}
            className={styles.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stepDot} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={styles.stepName}>{item}</span>
          </li>
        );
      })}
    </ol>
  ),
  rating: (block) => <Extra block={block} />,
  profile: (block) => <Extra block={block} />,
  chart: (block) => <Extra block={block} />,
  note: (block) => (
    <p className={`${styles.note} ${toneClass(block.tone)}`} role="note">
      {block.text}
    </p>
  ),
} satisfies BlockRenderers;

/** Draws one block with the renderer of its own type (the correlated lookup TypeScript can check). */
function renderBlock<K extends BlockType>(type: K, block: BlockMap[K], context: RenderContext): ReactNode {
  const renderers: BlockRenderers = blockRenderers;
  return renderers[type](block, context);
}

export interface BlocksProps {
  /** The blocks, in order (blocks whose `when` failed are already removed by the engine). */
  blocks: readonly Block[] | undefined;
  /** Level of the first heading block: 1 for a screen's main content, 2 for a footer or content under a question. */
  firstHeading?: 1 | 2;
}

/** Renders a screen's content blocks, in order. */
export function Blocks({ blocks, firstHeading = 1 }: BlocksProps) {
  useEffect(() => {
    if (extraModule) return undefined;
    // In a task of its own: starting a load is no part of the commit's work (17 ms at 4× CPU).
    const timer = setTimeout(() => void loadExtra());
    return () => clearTimeout(timer);
  }, []);
  if (!blocks || blocks.length === 0) return null;
  const firstHeadingIndex = blocks.findIndex((block) => block.type === 'heading');
  return (
    <div className={styles.blocks}>
      {blocks.map((block, index) => (
        <div key={index} className={styles.block} data-block={block.type}>
          {renderBlock(block.type, block, { headingLevel: index === firstHeadingIndex ? firstHeading : 2 })}
        </div>
      ))}
    </div>
  );
}
