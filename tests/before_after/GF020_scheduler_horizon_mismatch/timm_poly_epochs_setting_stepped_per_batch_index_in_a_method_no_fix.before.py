import torch
from timm.scheduler.poly_lr import PolyLRScheduler


class Trainer:
    def __init__(self, model, batches, settings):
        self.model = model
        self.batches = batches
        self.settings = settings

    def run(self):
        optimizer = torch.optim.SGD(self.model.parameters(), lr=self.settings.lr, momentum=0.9)
        lr_policy = PolyLRScheduler(optimizer, t_initial=self.settings.max_epochs, power=0.9, t_in_epochs=False)
        per_epoch = len(self.batches)
        for ep in range(self.settings.max_epochs):
            self.model.train()
            for it, (image, mask) in enumerate(self.batches):
                optimizer.zero_grad(set_to_none=True)
                out = self.model(image)
                torch.nn.functional.binary_cross_entropy_with_logits(out, mask).backward()
                optimizer.step()
                lr_policy.step_update(ep * per_epoch + it + 1)
