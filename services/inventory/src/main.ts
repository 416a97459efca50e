import { runServiceProcess } from '@tapinti/runtime/service-process';
import { inventoryModule } from './module';

void runServiceProcess(inventoryModule);
