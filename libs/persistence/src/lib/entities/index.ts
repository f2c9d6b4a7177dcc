import { ClientAccountOrmEntity } from './client-account.orm-entity';
import { SubcategoryOrmEntity } from './subcategory.orm-entity';
import { MainMissionOrmEntity } from './main-mission.orm-entity';
import { StoreOrmEntity } from './store.orm-entity';
import { FormOrmEntity } from './form.orm-entity';
import { FormQuestionOrmEntity } from './form-question.orm-entity';
import { DemandOrmEntity } from './demand.orm-entity';
import { MissionOrmEntity } from './mission.orm-entity';
import { MissionsUserOrmEntity } from './missions-user.orm-entity';
import { RegisterOrmEntity } from './register.orm-entity';
import { FormsDataOrmEntity } from './forms-data.orm-entity';
import { FormsDataAnswerOrmEntity } from './forms-data-answer.orm-entity';
import { ImportProductOrmEntity } from './import-product.orm-entity';
import { PdvRecordOrmEntity } from './pdv-record.orm-entity';
import { DeliveryPlaceOrmEntity } from './delivery-place.orm-entity';
import { DeliveryStopOrmEntity } from './delivery-stop.orm-entity';
import { IdempotencyKeyOrmEntity } from './idempotency-key.orm-entity';

/** Every mapped table; the migrations, not these classes, define the schema. */
export const ORM_ENTITIES = [
  ClientAccountOrmEntity,
  SubcategoryOrmEntity,
  MainMissionOrmEntity,
  StoreOrmEntity,
  FormOrmEntity,
  FormQuestionOrmEntity,
  DemandOrmEntity,
  MissionOrmEntity,
  MissionsUserOrmEntity,
  RegisterOrmEntity,
  FormsDataOrmEntity,
  FormsDataAnswerOrmEntity,
  ImportProductOrmEntity,
  PdvRecordOrmEntity,
  DeliveryPlaceOrmEntity,
  DeliveryStopOrmEntity,
  IdempotencyKeyOrmEntity,
];

export * from './client-account.orm-entity';
export * from './subcategory.orm-entity';
export * from './main-mission.orm-entity';
export * from './store.orm-entity';
export * from './form.orm-entity';
export * from './form-question.orm-entity';
export * from './demand.orm-entity';
export * from './mission.orm-entity';
export * from './missions-user.orm-entity';
export * from './register.orm-entity';
export * from './forms-data.orm-entity';
export * from './forms-data-answer.orm-entity';
export * from './import-product.orm-entity';
export * from './pdv-record.orm-entity';
export * from './delivery-place.orm-entity';
export * from './delivery-stop.orm-entity';
export * from './idempotency-key.orm-entity';
