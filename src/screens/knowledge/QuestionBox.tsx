import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { knowledgeQuestionMachine } from '../../machines/knowledgeQuestion/machine.ts';
import classes from './KnowledgeScreen.module.css';

const score = (value: number) => value.toFixed(3);

/** "Try a question": the draft index's top passages for a question, with their scores and confidence. */
export function QuestionBox({ actor }: { actor: ActorRefFrom<typeof knowledgeQuestionMachine> }) {
  const question = useSelector(actor, (s) => s.context.question);
  const answer = useSelector(actor, (s) => s.context.answer);
  const asked = useSelector(actor, (s) => s.context.asked);
  const error = useSelector(actor, (s) => s.context.error);
  const asking = useSelector(actor, (s) => s.matches('asking'));
  return (
    <Card withBorder padding="md" data-testid="question-box">
      <Text fw={600} mb="xs">
        Try a question
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'question.ask' });
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            aria-label="Question"
            placeholder="What would a user ask?"
            leftSection={<IconMessageQuestion size={16} />}
            value={question}
            onChange={(event) => actor.send({ type: 'question.change', value: event.currentTarget.value })}
          />
          <Button type="submit" variant="light" loading={asking} disabled={question.trim() === ''}>
            Ask
          </Button>
        </Group>
      </form>
      {error && (
        <Text size="sm" c="red.7" mt="xs">
          {error}
        </Text>
      )}
      {answer && (
        <Stack gap="sm" mt="sm" data-testid="question-answer">
          {!answer.indexed ? (
            <Text size="sm" c="dimmed">
              The knowledge base is not indexed yet: Reindex first.
            </Text>
          ) : (
            <Group gap="xs">
              <Text size="xs" c="dimmed" truncate maw={220} title={asked}>
                “{asked}”
              </Text>
              {answer.answered ? (
                <Badge color="teal" variant="light">
                  Answered
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  No answer (confidence below {score(answer.threshold)})
                </Badge>
              )}
            </Group>
          )}
          {answer.indexed && answer.hits.length === 0 && (
            <Text size="sm" c="dimmed">
              No passage matches.
            </Text>
          )}
          {answer.hits.map((hit, index) => (
            <div
              key={`${hit.knowledge_id}:${hit.passage}`}
              className={classes.hit}
              data-best={(index === 0 && answer.answered) || undefined}
              data-testid="question-hit"
            >
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" fw={700}>
                  {index + 1}.
                </Text>
                <Text size="sm" fw={600} truncate>
                  {hit.title || hit.link || `Entry #${hit.knowledge_id}`}
                </Text>
              </Group>
              <Text size="sm">{hit.answer}</Text>
              {hit.link && (
                <Anchor href={hit.link} target="_blank" rel="noopener noreferrer" size="xs" className={classes.line}>
                  {hit.link}
                </Anchor>
              )}
              <Group gap={6} mt={2}>
                <Badge size="xs" variant="light" color="indigo">
                  score {score(hit.score)}
                </Badge>
                <Badge size="xs" variant="light" color={hit.confidence >= answer.threshold ? 'teal' : 'yellow'}>
                  confidence {score(hit.confidence)}
                </Badge>
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
