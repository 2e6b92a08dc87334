import torch


class VerificationHook:
    def __init__(self, interval, batches):
        self.interval = interval
        self.batches = batches

    def __call__(self, global_step, backbone):
        if global_step == 0 or global_step % self.interval:
            return
        backbone.eval()
        correct = 0.0
        with torch.no_grad():
            for images, labels in self.batches:
                correct += (backbone(images).argmax(dim=1) == labels).float().mean().item()
        print("verification", global_step, correct / len(self.batches))
        backbone.train()
