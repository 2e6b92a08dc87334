from transformers import Trainer


class Fresh(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.zero_grad()
        return super().training_step(model, inputs, num_items_in_batch)


class Custom:
    def training_step(self, model, inputs):
        loss = super().training_step(model, inputs)
        model.zero_grad()
        return loss
