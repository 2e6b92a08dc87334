from transformers import Trainer


class PrunedTrainer(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        loss = super().training_step(model, inputs, num_items_in_batch=num_items_in_batch)
        self.optimizer.zero_grad()
        return loss
