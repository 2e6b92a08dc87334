"""The rules, one module each, and the registry the runner and the CLI read."""

from __future__ import annotations

from gradfix.transforms.base import Rule
from gradfix.transforms.gf001_missing_zero_grad import MissingZeroGrad
from gradfix.transforms.gf002_zero_grad_between_backward_and_step import (
    ZeroGradBetweenBackwardAndStep,
)
from gradfix.transforms.gf003_multiple_backward import MultipleBackward
from gradfix.transforms.gf004_needless_retain_graph import NeedlessRetainGraph
from gradfix.transforms.gf005_unscaled_accumulation import UnscaledAccumulation
from gradfix.transforms.gf006_missing_accumulation_flush import MissingAccumulationFlush
from gradfix.transforms.gf007_zero_grad_not_set_to_none import ZeroGradNotSetToNone
from gradfix.transforms.gf008_model_zero_grad_partial import ModelZeroGradPartial
from gradfix.transforms.gf009_loss_tensor_accumulated import LossTensorAccumulated
from gradfix.transforms.gf010_clip_after_step import ClipAfterStep
from gradfix.transforms.gf011_zero_grad_inside_accumulation import (
    ZeroGradInsideAccumulation,
)
from gradfix.transforms.gf012_scheduler_before_optimizer import SchedulerBeforeOptimizer
from gradfix.transforms.gf013_clip_without_unscale import ClipWithoutUnscale
from gradfix.transforms.gf014_backward_through_stepped_graph import BackwardThroughSteppedGraph
from gradfix.transforms.gf015_accumulation_window_off_by_one import (
    AccumulationWindowOffByOne,
)
from gradfix.transforms.gf016_double_scaled_accumulation import DoubleScaledAccumulation
from gradfix.transforms.gf017_eval_mode_not_restored import EvalModeNotRestored
from gradfix.transforms.gf018_activation_before_loss import ActivationBeforeLoss
from gradfix.transforms.gf019_distributed_sampler_without_set_epoch import (
    DistributedSamplerWithoutSetEpoch,
)
from gradfix.transforms.gf020_scheduler_horizon_mismatch import SchedulerHorizonMismatch
from gradfix.transforms.gf021_optimizer_over_stale_parameters import OptimizerOverStaleParameters
from gradfix.transforms.gf022_fp16_autocast_without_scaler import Fp16AutocastWithoutScaler
from gradfix.transforms.gf023_scaled_loss_stepped_without_scaler import ScaledLossSteppedWithoutScaler
from gradfix.transforms.gf024_optimizer_setting_set_as_attribute import OptimizerSettingSetAsAttribute
from gradfix.transforms.gf025_scheduler_rebuilt_each_iteration import SchedulerRebuiltEachIteration
from gradfix.transforms.gf026_training_method_not_called import TrainingMethodNotCalled
from gradfix.transforms.gf027_local_gradients_never_cleared import LocalGradientsNeverCleared
from gradfix.transforms.gf028_shared_gradients_never_refreshed import SharedGradientsNeverRefreshed
from gradfix.transforms.gf029_grad_scaler_rebuilt_each_iteration import GradScalerRebuiltEachIteration
from gradfix.transforms.gf030_optimizer_rebuilt_each_iteration import OptimizerRebuiltEachIteration
from gradfix.transforms.gf031_scheduler_over_replaced_optimizer import SchedulerOverReplacedOptimizer
from gradfix.transforms.gf032_generator_gradient_in_discriminator_step import GeneratorGradientInDiscriminatorStep
from gradfix.transforms.gf033_gradients_read_never_cleared import GradientsReadNeverCleared
from gradfix.transforms.gf034_scaler_update_between_steps import ScalerUpdateBetweenSteps
from gradfix.transforms.gf035_optimizer_over_spent_iterator import OptimizerOverSpentIterator

ALL_RULES: tuple[type[Rule], ...] = (
    MissingZeroGrad,
    ZeroGradBetweenBackwardAndStep,
    MultipleBackward,
    NeedlessRetainGraph,
    UnscaledAccumulation,
    MissingAccumulationFlush,
    ZeroGradNotSetToNone,
    ModelZeroGradPartial,
    LossTensorAccumulated,
    ClipAfterStep,
    ZeroGradInsideAccumulation,
    SchedulerBeforeOptimizer,
    ClipWithoutUnscale,
    BackwardThroughSteppedGraph,
    AccumulationWindowOffByOne,
    DoubleScaledAccumulation,
    EvalModeNotRestored,
    ActivationBeforeLoss,
    DistributedSamplerWithoutSetEpoch,
    SchedulerHorizonMismatch,
    OptimizerOverStaleParameters,
    Fp16AutocastWithoutScaler,
    ScaledLossSteppedWithoutScaler,
    OptimizerSettingSetAsAttribute,
    SchedulerRebuiltEachIteration,
    TrainingMethodNotCalled,
    LocalGradientsNeverCleared,
    SharedGradientsNeverRefreshed,
    GradScalerRebuiltEachIteration,
    OptimizerRebuiltEachIteration,
    SchedulerOverReplacedOptimizer,
    GeneratorGradientInDiscriminatorStep,
    GradientsReadNeverCleared,
    ScalerUpdateBetweenSteps,
    OptimizerOverSpentIterator,
)

RULES_BY_CODE: dict[str, type[Rule]] = {rule.code: rule for rule in ALL_RULES}


def default_codes() -> set[str]:
    return {rule.code for rule in ALL_RULES if rule.default_enabled}
