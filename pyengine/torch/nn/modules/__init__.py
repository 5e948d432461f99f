"""torch.nn.modules: the layers (Linear, Conv2d, RNN, Transformer ...), each in the file PyTorch keeps it in."""
from .module import Module
from .container import Container, Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
from .linear import Identity, Linear, Bilinear
from .flatten import Flatten, Unflatten
from .sparse import Embedding, EmbeddingBag
from .fold import Fold, Unfold
from .dropout import Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout
from .normalization import LayerNorm, GroupNorm, RMSNorm, LocalResponseNorm, CrossMapLRN2d
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .padding import (ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad1d, ZeroPad2d, ZeroPad3d, ReflectionPad1d, ReflectionPad2d,
                      ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d, CircularPad1d,
                      CircularPad2d, CircularPad3d)
from .conv import Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from .pixelshuffle import PixelShuffle, PixelUnshuffle, ChannelShuffle
from .pooling import (MaxPool1d, MaxPool2d, MaxPool3d, AvgPool1d, AvgPool2d, AvgPool3d, AdaptiveAvgPool1d, AdaptiveAvgPool2d, Upsample,
                      UpsamplingNearest2d, UpsamplingBilinear2d, AdaptiveMaxPool1d, AdaptiveMaxPool2d,
                      AdaptiveAvgPool3d, AdaptiveMaxPool3d, MaxUnpool1d, MaxUnpool2d, MaxUnpool3d,
                      FractionalMaxPool2d, FractionalMaxPool3d,
                      LPPool1d, LPPool2d, LPPool3d)
from .adaptive import AdaptiveLogSoftmaxWithLoss
from .rnn import RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, GRUCell, LSTMCell
from .distance import CosineSimilarity, PairwiseDistance
from .activation import (ReLU, LeakyReLU, ELU, GELU, SiLU, Sigmoid, Tanh, Softmax, LogSoftmax, Softplus, Hardtanh,
                         ReLU6, Threshold, Softsign, Tanhshrink, Softmin, Softmax2d, PReLU, SELU, CELU, Hardsigmoid, Hardswish, Mish,
                         LogSigmoid, GLU, Softshrink, Hardshrink, RReLU)
from .loss import (KLDivLoss, MarginRankingLoss, HingeEmbeddingLoss, CosineEmbeddingLoss, TripletMarginLoss,
                   PoissonNLLLoss, GaussianNLLLoss, SoftMarginLoss, MultiLabelSoftMarginLoss, MSELoss, L1Loss, SmoothL1Loss, HuberLoss, NLLLoss, CrossEntropyLoss, BCELoss,
                   BCEWithLogitsLoss, TripletMarginWithDistanceLoss, MultiMarginLoss,
                   MultiLabelMarginLoss, CTCLoss, NLLLoss2d, LinearCrossEntropyLoss)
from .linear_cross_entropy_options import LinearCrossEntropyOptions
from .transformer import (MultiheadAttention, Transformer, TransformerEncoder, TransformerDecoder,
                          TransformerEncoderLayer, TransformerDecoderLayer)
from .lazy import (LazyModuleMixin, LazyLinear, LazyConv1d, LazyConv2d, LazyConv3d, LazyConvTranspose1d,
                   LazyConvTranspose2d, LazyConvTranspose3d, LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d, LazyInstanceNorm1d,
                   LazyInstanceNorm2d, LazyInstanceNorm3d)
