from transformers import Trainer


class ItemCountingTrainer(Trainer):
    """Passes the window's item count on: a model taking loss kwargs divides by it itself."""

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)
        self.accelerator.backward(loss)
        return loss.detach()


class LegacyTrainer(Trainer):
    """Written for transformers 4.29-4.45, whose Accelerator divided by the accumulation count."""

    def training_step(self, model, inputs):
        model.train()
        inputs = self._prepare_inputs(inputs)
        with self.compute_loss_context_manager():
            loss = self.compute_loss(model, inputs)
        self.accelerator.backward(loss)
        return loss.detach() / self.args.gradient_accumulation_steps


class ShortWindowTrainer(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        loss = self.compute_loss(model, inputs) / self.current_gradient_accumulation_steps
        self.accelerator.backward(loss)
        return loss.detach()

