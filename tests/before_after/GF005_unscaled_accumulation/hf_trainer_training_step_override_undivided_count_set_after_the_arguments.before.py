from transformers import Trainer, TrainingArguments


class RankingTrainer(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        outputs = model(**self._prepare_inputs(inputs))
        self.accelerator.backward(outputs.loss)
        return outputs.loss.detach()


class PairTrainer(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        pair_loss = model(**self._prepare_inputs(inputs))["loss"]
        self.accelerator.backward(pair_loss)
        return pair_loss.detach()


def main(model, data, micro_batches):
    args = TrainingArguments(output_dir="pairs", gradient_accumulation_steps=1)
    args.gradient_accumulation_steps = micro_batches
    PairTrainer(model=model, args=args, train_dataset=data).train()
