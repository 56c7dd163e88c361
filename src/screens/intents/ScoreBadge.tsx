import { Badge } from '@mantine/core';
import { formatScore } from '../../machines/intentsList/selectors.ts';

/** One evaluation score of an intent (precision or recall): teal when perfect, yellow otherwise. */
export function ScoreBadge(props: { label: 'P' | 'R'; title: string; score: number; testId: string }) {
  return (
    <Badge variant="light" color={props.score === 1 ? 'teal' : 'yellow'} data-testid={props.testId} title={props.title}>
      {props.label} {formatScore(props.score)}
    </Badge>
  );
}
