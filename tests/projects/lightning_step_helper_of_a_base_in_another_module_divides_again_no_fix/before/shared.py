import torch.nn.functional as F


class SharedSteps:
    def _shared_step(self, batch):
        images, labels = batch
        loss = F.cross_entropy(self(images), labels)
        return loss / self.trainer.accumulate_grad_batches


class TaggingSteps:
    def _tagged_step(self, batch):
        tokens, tags = batch
        logits = self(tokens)
        loss = F.cross_entropy(logits.flatten(0, 1), tags.flatten())
        return loss / self.hparams.accum_steps, {"tokens": tokens.numel()}
