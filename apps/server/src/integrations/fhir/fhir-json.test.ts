import { describe, expect, it } from 'vitest';
import { decimalsOfNumberText, parseFhirJson, reportedDecimals } from './fhir-json';

interface Quantity {
  value: number;
}

function quantityOf(text: string): Quantity {
  const parsed = parseFhirJson(`{"resourceType":"Observation","valueQuantity":{"value":${text},"unit":"%"}}`) as {
    valueQuantity: Quantity;
  };
  return parsed.valueQuantity;
}

describe('parseFhirJson', () => {
  it('keeps the decimal places a number was written with, trailing zeros included', () => {
    const quantity = quantityOf('7.70');
    expect(quantity.value).toBe(7.7);
    expect(reportedDecimals(quantity, 'value')).toBe(2);
    expect(reportedDecimals(quantityOf('5'), 'value')).toBe(0);
    expect(reportedDecimals(quantityOf('5.0'), 'value')).toBe(1);
    expect(reportedDecimals(quantityOf('-0.10'), 'value')).toBe(2);
  });

  it('counts an exponent: 1e-3 has three places, 1.50E+1 one and 2.5e3 none', () => {
    expect(quantityOf('1e-3').value).toBe(0.001);
    expect(reportedDecimals(quantityOf('1e-3'), 'value')).toBe(3);
    expect(reportedDecimals(quantityOf('1.50E+1'), 'value')).toBe(1);
    expect(reportedDecimals(quantityOf('2.5e3'), 'value')).toBe(0);
  });

  it('pairs numbers in nested objects and arrays, and ignores digits inside strings', () => {
    const text =
      '{"note":"value: 9.999, \\"value\\": 1.0","component":[{"valueQuantity":{"value":120.0}},' +
      '{"valueQuantity":{"value":80}}],"range":[1.25,2.500],"\\u0076alue":3.30}';
    const parsed = parseFhirJson(text) as {
      component: { valueQuantity: Quantity }[];
      range: number[];
    };
    expect(reportedDecimals(parsed.component[0]?.valueQuantity, 'value')).toBe(1);
    expect(reportedDecimals(parsed.component[1]?.valueQuantity, 'value')).toBe(0);
    expect(reportedDecimals(parsed.range, '0')).toBe(2);
    expect(reportedDecimals(parsed.range, '1')).toBe(3);
    expect(reportedDecimals(parsed, 'value')).toBe(2);
  });

  it('reads pretty-printed JSON and strings that end in an escaped backslash', () => {
    const parsed = parseFhirJson('{\n  "path" : "C:\\\\",\n  "value" :\t1.50 ,\n  "items": [ "x\\"", 2.0 ]\n}') as {
      items: unknown[];
    };
    expect(parsed).toMatchObject({ path: 'C:\\', value: 1.5 });
    expect(reportedDecimals(parsed, 'value')).toBe(2);
    expect(reportedDecimals(parsed.items, '1')).toBe(1);
  });

  it('leaves the precision unknown when keys are repeated or numeric, where the order cannot be trusted', () => {
    const repeated = parseFhirJson('{"a":{"value":"x","b":1.5,"value":1.50}}') as { a: object };
    expect(reportedDecimals(repeated.a, 'b')).toBeUndefined();
    const numeric = parseFhirJson('{"b":{"value":1.0},"1":{"value":1.00}}') as Record<string, object>;
    expect(reportedDecimals(numeric.b, 'value')).toBeUndefined();
    expect(reportedDecimals(numeric['1'], 'value')).toBeUndefined();
  });

  it('answers nothing for objects built in code, and parses as JSON.parse does', () => {
    expect(reportedDecimals({ value: 7.7 }, 'value')).toBeUndefined();
    const text = '{"entry":[{"resource":{"id":"a","value":[1,2.0,true,null,"3.00"]}}],"total":2}';
    expect(parseFhirJson(text)).toEqual(JSON.parse(text));
    expect(parseFhirJson('4.20')).toBe(4.2);
    expect(() => parseFhirJson('{"value": 1.0')).toThrow(SyntaxError);
  });
});

describe('decimalsOfNumberText', () => {
  it('leaves more places than any measurement has unknown', () => {
    expect(decimalsOfNumberText('1e-30')).toBeUndefined();
    expect(decimalsOfNumberText('0.000000000000000000001')).toBeUndefined();
    expect(decimalsOfNumberText('12.345')).toBe(3);
  });
});
