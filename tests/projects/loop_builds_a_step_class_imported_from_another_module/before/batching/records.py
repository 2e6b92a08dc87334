from dataclasses import dataclass


class Step:
    """A batch moved to its device, and its size."""

    def __init__(self, features, labels, device="cpu"):
        self.features = features.to(device)
        self.labels = labels.to(device)

    def count(self):
        return self.features.shape[0]


@dataclass
class step_record:
    images: object
    targets: object
