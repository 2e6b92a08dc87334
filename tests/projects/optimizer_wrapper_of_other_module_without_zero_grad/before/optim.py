import torch


class StepOnly(object):
    """Clips and steps the optimizer it holds; clearing is the caller's business."""

    def __init__(self, params, lr, clip):
        self.params = list(params)
        self.clip = clip
        self.optimizer = torch.optim.Adam(self.params, lr=lr)

    def step(self):
        torch.nn.utils.clip_grad_norm_(self.params, self.clip)
        self.optimizer.step()
