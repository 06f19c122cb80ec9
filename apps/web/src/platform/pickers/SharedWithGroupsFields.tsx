import { Col, Form, Row, Switch } from 'antd';
import { GroupsSelect } from './GroupsSelect';

/** The words of the two fields, in the record's own terms (a view, a macro, a canned reply). */
export type SharedWithGroupsWords = {
  shared: string;
  /** Under the switch for one who may share. */
  sharedHelp?: string;
  /** Under the switch for one who may not (the switch is locked); the share help when not given. */
  sharedNotAllowed?: string;
  groupIds: string;
  groupsHelp: string;
  groupsPlaceholder: string;
};

/**
 * The form items `shared` and `groupIds` of a record that is private or shared with some groups: the groups are asked
 * only once it is shared, and both are locked for one who may not share. `sideBySide` sets them in one row (a wide
 * form), else one under the other.
 */
export function SharedWithGroupsFields({
  mayShare,
  words,
  sideBySide = false,
}: {
  mayShare: boolean;
  words: SharedWithGroupsWords;
  sideBySide?: boolean;
}) {
  const shared = Form.useWatch('shared', Form.useFormInstance()) as boolean | undefined;
  const sharedItem = (
    <Form.Item
      name="shared"
      label={words.shared}
      valuePropName="checked"
      extra={mayShare ? words.sharedHelp : (words.sharedNotAllowed ?? words.sharedHelp)}
    >
      <Switch disabled={!mayShare} />
    </Form.Item>
  );
  const groupsItem = shared ? (
    <Form.Item name="groupIds" label={words.groupIds} extra={words.groupsHelp}>
      <GroupsSelect disabled={!mayShare} placeholder={words.groupsPlaceholder} />
    </Form.Item>
  ) : null;
  if (!sideBySide)
    return (
      <>
        {sharedItem}
        {groupsItem}
      </>
    );
  return (
    <Row gutter={16}>
      <Col xs={24} sm={8}>
        {sharedItem}
      </Col>
      {groupsItem && (
        <Col xs={24} sm={16}>
          {groupsItem}
        </Col>
      )}
    </Row>
  );
}
