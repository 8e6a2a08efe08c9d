-- The copies of the `scale` organisation's generated patients (see scale-population.ts): copy k of a row has the id
-- md5(id || '#' || k)::uuid and the source id `<source id>-c<k>`; it keeps its patient's history, dates and primary
-- provider. Tables the population dashboards and their rebuild read (and medications, which the year of work reads),
-- not documents, observations and the like. Run once, on the generated patients (those without a `-c` source id).
-- The secondary indexes are dropped during the copy and built again after it; foreign keys are not checked (the
-- copies reference copies made in the same run).
set session_replication_role = replica;
set maintenance_work_mem = '512MB';
drop table if exists scale_copy_indexes;
create table scale_copy_indexes as
  select indexname, indexdef from pg_indexes
  where schemaname = 'public' and indexname not like '%\_pkey'
    and tablename in ('patients', 'coverages', 'encounters', 'claims', 'claim_diagnoses', 'conditions',
      'appointments', 'medications');
do $$ declare name text; begin for name in select indexname from scale_copy_indexes loop execute format('drop index %I', name); end loop; end $$;
create temporary table scale_originals as
  select p.id from patients p join organisations o on o.id = p.organisation_id
  where o.slug = 'scale' and p.source_id not like '%-c%';
create temporary table copies as select k from generate_series(1, :copies) k;
-- patients
insert into patients (id, organisation_id, mrn, first_name, last_name, birth_date, gender, deceased_date, phone,
    address, primary_provider_id, identifiers, data_version, source, source_id, updated_at)
  select md5(p.id || '#' || k)::uuid, p.organisation_id, p.mrn || '-c' || k, p.first_name, p.last_name, p.birth_date,
    p.gender, p.deceased_date, p.phone, p.address, p.primary_provider_id, p.identifiers, p.data_version, p.source,
    p.source_id || '-c' || k, p.updated_at
  from patients p join scale_originals o using (id) cross join copies;
-- patient_analyses
insert into patient_analyses (patient_id, organisation_id, data_version, as_of, suggestions, care_gaps, risk_score,
    open_suggestions, hcc_count, open_care_gaps, computed_at, content_hash, quality_data_version, quality_as_of,
    quality_digest, quality_computed_at)
  select md5(a.patient_id || '#' || k)::uuid, a.organisation_id, a.data_version, a.as_of, a.suggestions, a.care_gaps,
    a.risk_score, a.open_suggestions, a.hcc_count, a.open_care_gaps, a.computed_at, a.content_hash,
    a.quality_data_version, a.quality_as_of, a.quality_digest, a.quality_computed_at
  from patient_analyses a join scale_originals o on o.id = a.patient_id cross join copies;
-- coverages
insert into coverages (id, organisation_id, patient_id, payer, plan, type_code, status, period_start, period_end,
    source, source_id, updated_at)
  select md5(c.id || '#' || k)::uuid, c.organisation_id, md5(c.patient_id || '#' || k)::uuid, c.payer, c.plan,
    c.type_code, c.status, c.period_start, c.period_end, c.source, c.source_id || '-c' || k, c.updated_at
  from coverages c join scale_originals o on o.id = c.patient_id cross join copies;
-- encounters
insert into encounters (id, organisation_id, patient_id, provider_id, clinic_id, status, class_code, types, reason,
    start_date, end_date, source, source_id, updated_at, reasons)
  select md5(e.id || '#' || k)::uuid, e.organisation_id, md5(e.patient_id || '#' || k)::uuid, e.provider_id,
    e.clinic_id, e.status, e.class_code, e.types, e.reason, e.start_date, e.end_date, e.source,
    e.source_id || '-c' || k, e.updated_at, e.reasons
  from encounters e join scale_originals o on o.id = e.patient_id cross join copies;
-- claims
insert into claims (id, organisation_id, patient_id, encounter_id, resource_type, claim_source_id, claim_type,
    service_category, service_start, service_end, principal_icd, billed, allowed, paid, source, source_id, updated_at)
  select md5(c.id || '#' || k)::uuid, c.organisation_id, md5(c.patient_id || '#' || k)::uuid,
    md5(c.encounter_id || '#' || k)::uuid, c.resource_type, c.claim_source_id || '-c' || k, c.claim_type,
    c.service_category, c.service_start, c.service_end, c.principal_icd, c.billed, c.allowed, c.paid, c.source,
    c.source_id || '-c' || k, c.updated_at
  from claims c join scale_originals o on o.id = c.patient_id cross join copies;
-- claim_diagnoses
insert into claim_diagnoses (id, organisation_id, patient_id, claim_type, sequence, icd_code, icd_mapped, display,
    service_date, source, source_id, updated_at)
  select md5(d.id || '#' || k)::uuid, d.organisation_id, md5(d.patient_id || '#' || k)::uuid, d.claim_type,
    d.sequence, d.icd_code, d.icd_mapped, d.display, d.service_date, d.source, d.source_id || '-c' || k, d.updated_at
  from claim_diagnoses d join scale_originals o on o.id = d.patient_id cross join copies;
-- conditions
insert into conditions (id, organisation_id, patient_id, encounter_id, icd_code, icd_mapped, snomed_code, display,
    codings, category, clinical_status, verification_status, onset_date, recorded_date, abatement_date, source,
    source_id, updated_at)
  select md5(c.id || '#' || k)::uuid, c.organisation_id, md5(c.patient_id || '#' || k)::uuid,
    md5(c.encounter_id || '#' || k)::uuid, c.icd_code, c.icd_mapped, c.snomed_code, c.display, c.codings, c.category,
    c.clinical_status, c.verification_status, c.onset_date, c.recorded_date, c.abatement_date, c.source,
    c.source_id || '-c' || k, c.updated_at
  from conditions c join scale_originals o on o.id = c.patient_id cross join copies;
-- appointments (not today's: each provider's day stays the generated one)
insert into appointments (id, organisation_id, patient_id, provider_id, department_id, encounter_id, status,
    visit_type, reason, start_at, end_at, service_date, source, source_id, updated_at)
  select md5(a.id || '#' || k)::uuid, a.organisation_id, md5(a.patient_id || '#' || k)::uuid, a.provider_id,
    a.department_id, md5(a.encounter_id || '#' || k)::uuid, a.status, a.visit_type, a.reason, a.start_at, a.end_at,
    a.service_date, a.source, a.source_id || '-c' || k, a.updated_at
  from appointments a join scale_originals o on o.id = a.patient_id cross join copies
  where a.service_date <> current_date;
-- medications
insert into medications (id, organisation_id, patient_id, kind, rxnorm_code, display, status, dosage, prescriber,
    start_date, end_date, source, source_id, updated_at)
  select md5(m.id || '#' || k)::uuid, m.organisation_id, md5(m.patient_id || '#' || k)::uuid, m.kind, m.rxnorm_code,
    m.display, m.status, m.dosage, m.prescriber, m.start_date, m.end_date, m.source, m.source_id || '-c' || k,
    m.updated_at
  from medications m join scale_originals o on o.id = m.patient_id cross join copies;
-- indexes built again
do $$ declare definition text; begin for definition in select indexdef from scale_copy_indexes loop execute definition; end loop; end $$;
drop table scale_copy_indexes;
set session_replication_role = origin;
analyze;
