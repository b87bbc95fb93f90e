/// Every file of this target sees the shared test support (paths, fixture list, reference assertions, file helpers).
@_exported import TestSupport
