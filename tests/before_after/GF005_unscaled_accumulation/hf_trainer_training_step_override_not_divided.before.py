import torch
from transformers import Trainer


class ContrastiveTrainer(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        inputs = self._prepare_inputs(inputs)
        with self.compute_loss_context_manager():
            loss = self.compute_loss(model, inputs)
        if self.args.n_gpu > 1:
            loss = loss.mean()
        self.accelerator.backward(loss)
        return loss.detach()


def train(model, args, pairs):
    trainer = ContrastiveTrainer(model=model, args=args, train_dataset=pairs)
    trainer.train()
    torch.save(model.state_dict(), "contrastive.pt")
