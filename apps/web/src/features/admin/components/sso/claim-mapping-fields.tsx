import { DEFAULT_SAML_ATTRIBUTES, DEFAULT_SSO_CLAIMS, type SsoClaimMapping, type SsoProtocol } from '@cairn/contracts';
import { Col, Form, Input, Row, Typography } from 'antd';

const CLAIM_FIELDS: { name: keyof SsoClaimMapping; label: string }[] = [
  { name: 'username', label: 'Username' },
  { name: 'email', label: 'Email' },
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'groups', label: 'Groups' },
];

/** `nameID` in the defaults is the assertion's subject, not an attribute: said so. */
const attributeName = (name: string): string => (name === 'nameID' ? 'the NameID' : name);

/** The first two SAML attributes read by default, short enough for a placeholder: "email, mail, … or the NameID". */
function samlPlaceholder(field: keyof SsoClaimMapping): string {
  const names = DEFAULT_SAML_ATTRIBUTES[field];
  const shown = names.slice(0, 2).join(', ');
  if (names.length <= 2) return shown;
  return names.at(-1) === 'nameID' ? `${shown}, … or the NameID` : `${shown}, …`;
}

/**
 * Which claim (OpenID Connect) or attribute (SAML) carries each field. Empty reads the standard claim,
 * or the first present of the attributes the usual SAML identity providers send.
 */
export function ClaimMappingFields({ protocol }: { protocol: SsoProtocol }) {
  const isSaml = protocol === 'saml';
  const word = isSaml ? 'attribute' : 'claim';
  return (
    <>
      <Typography.Title level={4}>{isSaml ? 'Attribute mapping' : 'Claim mapping'}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {isSaml
          ? 'Which attribute of the assertion carries each field; empty reads the first of the usual attributes listed that the identity provider sends.'
          : 'Which claim of the provider carries each field; empty reads the standard claim shown.'}
      </Typography.Paragraph>
      <Row gutter={16}>
        {CLAIM_FIELDS.map((field) => (
          <Col span={12} key={field.name}>
            <Form.Item
              name={['claimMapping', field.name]}
              label={`${field.label} ${word}`}
              extra={
                isSaml ? (
                  <span style={{ overflowWrap: 'anywhere' }}>
                    By default: {DEFAULT_SAML_ATTRIBUTES[field.name].map(attributeName).join(', ')}
                  </span>
                ) : undefined
              }
            >
              <Input placeholder={isSaml ? samlPlaceholder(field.name) : DEFAULT_SSO_CLAIMS[field.name]} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
