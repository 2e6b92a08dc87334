from transformers import Trainer


class LoggedStepTrainer(Trainer):
    def __init__(self, *args, history=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.history = history if history is not None else []

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        outputs = model(**inputs)
        objective = outputs.loss
        self.history.append(float(objective))
        self.accelerator.backward(objective)
        return objective.detach()
