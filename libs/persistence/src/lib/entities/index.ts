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

export {
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
};
