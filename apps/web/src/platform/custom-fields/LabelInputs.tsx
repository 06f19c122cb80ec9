import { Col, Form, Input, Row } from 'antd';
import { customFieldLanguages } from '@casedesk/shared';
import { requiredRule } from '../form-rules';
import { languageNames } from '../i18n';

/**
 * A text in the three languages side by side (a custom field's label, an option's, a request type's name and
 * description): `compact` puts the language in the placeholder; `long` gives text areas; `optional` asks for none.
 */
export function LabelInputs({
  name,
  compact = false,
  long = false,
  optional = false,
}: {
  name: (string | number)[];
  compact?: boolean;
  long?: boolean;
  optional?: boolean;
}) {
  return (
    <Row gutter={8}>
      {customFieldLanguages.map((language) => (
        <Col xs={24} sm={8} key={language}>
          <Form.Item
            name={[...name, language]}
            label={compact ? undefined : languageNames[language]}
            rules={optional ? [] : [requiredRule(languageNames[language])]}
            style={compact ? { marginBottom: 8 } : undefined}
          >
            {long ? (
              <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
            ) : (
              <Input maxLength={100} placeholder={compact ? languageNames[language] : undefined} />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
