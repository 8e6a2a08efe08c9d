import { describe, expect, it } from 'vitest';
import { filtersToValues, toTreeData, valuesToFilters } from './hierarchy-filter';

describe('hierarchy filter values', () => {
  it('turns a selection of clinics, departments and providers into filters and back', () => {
    const values = ['clinic:c1', 'department:d2', 'provider:p3', 'provider:p4'];
    const filters = valuesToFilters(values);
    expect(filters).toEqual({ clinicIds: ['c1'], departmentIds: ['d2'], providerIds: ['p3', 'p4'] });
    expect(filtersToValues(filters)).toEqual(values);
  });

  it('reads an empty selection as no filter', () => {
    expect(valuesToFilters([])).toEqual({ clinicIds: [], departmentIds: [], providerIds: [] });
    expect(filtersToValues({})).toEqual([]);
  });

  it('builds the tree with each level named in its values', () => {
    const tree = toTreeData([
      {
        id: 'c1',
        name: 'Riverside Clinic',
        departments: [{ id: 'd1', name: 'Family Medicine', providers: [{ id: 'p1', name: 'Maya Rivera, MD' }] }],
      },
    ]);
    expect(tree).toEqual([
      {
        value: 'clinic:c1',
        title: 'Riverside Clinic',
        children: [
          {
            value: 'department:d1',
            title: 'Family Medicine',
            children: [{ value: 'provider:p1', title: 'Maya Rivera, MD' }],
          },
        ],
      },
    ]);
  });
});
