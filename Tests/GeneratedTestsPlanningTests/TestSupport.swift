/// Every file of this target sees the shared test support (paths, fixture list, TestSchemas and Build).
@_exported import TestSupport
