import transformers


class BaseTrainer(transformers.Trainer):
    def log_batch(self, inputs):
        self.seen = getattr(self, "seen", 0) + len(inputs["input_ids"])


class RegularisedTrainer(BaseTrainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        self.log_batch(inputs)
        cost, outputs = self.compute_loss(model, inputs, return_outputs=True)
        self.accelerator.backward(cost)
        self.last_logits = outputs.logits.detach()
        return cost.detach()
