import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form } from 'antd';
import type { ReactNode } from 'react';
import './ticket-set-fields.css';

/**
 * A form list of steps, each in a card with its number and a remove button, and an add button below: a macro's
 * steps and a trigger's actions. `input` edits one step (the Form.Item's value); `blank` is what "add" appends.
 */
export function ActionCards({
  name,
  label,
  input,
  blank,
  words,
}: {
  name: string;
  label: ReactNode;
  input: ReactNode;
  blank: unknown;
  words: { title: (n: number) => string; remove: string; add: string };
}) {
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <Form.Item label={label} required>
          {items.map((item, index) => (
            <Card
              key={item.key}
              size="small"
              className="action-card"
              title={words.title(index + 1)}
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={words.remove}
                  onClick={() => remove(item.name)}
                />
              }
            >
              <Form.Item name={item.name} noStyle>
                {input}
              </Form.Item>
            </Card>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add(blank)}>
            {words.add}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}
