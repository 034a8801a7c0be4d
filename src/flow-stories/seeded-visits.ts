/**
 * Three realistic visitors whose earlier visit is in sessionStorage when a flow story opens: every
 * quiz answer (the flow's own option values) and a photo assessment. They give a low, a medium and a
 * high result (a test checks the computed labels), so result screens can be reviewed at each end.
 */
import type { VisitLevel } from './flow-story-plan.ts';

/** What an earlier visit stored, under the spec's sessionStorage keys (§3). */
export interface SeededVisit {
  quizData: Record<string, string | number | string[]>;
  assessmentData: Record<string, string | number>;
}

/** The seeded visitors by the result they get. */
export const SEEDED_VISITS = {
  low: {
    quizData: {
      age: 37,
      skinIssues: ['tired-appearance'],
      changeSpeed: 'no-significant',
      otherSymptoms: ['none'],
      drMorganAnswers: ['none'],
      skinTreatments: ['hyaluronic-acid'],
      hrt: 'yes',
      antiAgingExperience: ["I don't use anything right now"],
      name: 'Lena',
      email: 'lena@example.com',
    },
    assessmentData: {
      id: 'assessment-low',
      email: 'lena@example.com',
      chronological_age: 37,
      assessed_skin_age: 37,
      aging_acceleration: 0,
      assessment_confidence: 78,
      primary_concern: 'Overall tired or aged appearance',
    },
  },
  medium: {
    quizData: {
      age: 44,
      skinIssues: ['fine-lines', 'texture'],
      changeSpeed: '1-2-years',
      otherSymptoms: ['fatigue'],
      drMorganAnswers: ['energy-crashes'],
      skinTreatments: ['retinols', 'vitamin-c'],
      hrt: 'past',
      antiAgingExperience: ["I've only used a few products, not much overall"],
      name: 'Maria',
      email: 'maria@example.com',
    },
    assessmentData: {
      id: 'assessment-medium',
      email: 'maria@example.com',
      chronological_age: 44,
      assessed_skin_age: 49,
      aging_acceleration: 5,
      assessment_confidence: 81,
      primary_concern: 'Fine lines appearing faster than expected',
    },
  },
  high: {
    quizData: {
      age: 52,
      skinIssues: ['fine-lines', 'firmness-loss', 'texture'],
      changeSpeed: '6-12-months',
      otherSymptoms: ['hot-flashes', 'fatigue'],
      drMorganAnswers: ['poor-sleep', 'mood-changes'],
      skinTreatments: ['retinols', 'in-clinic'],
      hrt: 'no',
      antiAgingExperience: ["I've tried everything—and nothing makes a difference"],
      name: 'Ann',
      email: 'ann@example.com',
    },
    assessmentData: {
      id: 'assessment-high',
      email: 'ann@example.com',
      chronological_age: 52,
      assessed_skin_age: 61,
      aging_acceleration: 9,
      assessment_confidence: 84,
      primary_concern: 'Loss of firmness or sagging',
    },
  },
} as const satisfies Record<VisitLevel, SeededVisit>;

/**
 * The visit a screen's story starts with: everything but the screen's own answers, so the screen
 * looks as it does the first time a visitor reaches it (its answered states have renderer stories).
 */
export function visitFor(level: VisitLevel, ownAnswers: readonly string[]): SeededVisit {
  const { quizData, assessmentData } = SEEDED_VISITS[level];
  const rest = Object.fromEntries(Object.entries(quizData).filter(([key]) => !ownAnswers.includes(key)));
  return { quizData: rest, assessmentData: { ...assessmentData } };
}
