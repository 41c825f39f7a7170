import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { US_STATES } from './us-states';

// One list on each side of the wire: this keeps them equal, reading the server's OpenAPI document.
it('offers exactly the states the server accepts', () => {
  const openapi = JSON.parse(readFileSync(join(__dirname, '../../../backend/openapi.json'), 'utf8')) as {
    components: { schemas: { SignupDto: { properties: { state: { enum: string[] } } } } };
  };
  expect([...US_STATES]).toEqual(openapi.components.schemas.SignupDto.properties.state.enum);
  expect(US_STATES).toHaveLength(50);
});
